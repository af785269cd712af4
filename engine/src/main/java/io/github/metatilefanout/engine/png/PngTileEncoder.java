package io.github.metatilefanout.engine.png;

import io.github.metatilefanout.engine.TileEncoder;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Encodes tiles as PNG reading their rows straight from the metatile's raster: no copy of the tile, a
 * Deflater and set of buffers reused from one tile to the next, and uniform tiles (all pixels equal, such as
 * empty ones) answered from a small cache of encoded PNGs.
 *
 * <p>The Deflaters and buffers belong to the encoder, not to the threads that call it: a tile takes an idle
 * writer (or makes one), and gives it back when done; at most {@link #IDLE_WRITERS} wait between tiles, any
 * more are ended at once. No thread keeps anything of the encoder, so a web application that drops its encoder
 * leaves nothing behind in the container's threads (a per-thread writer would keep its class loader alive
 * after a redeploy); idle writers go with the encoder, their Deflaters ended by the JDK's cleaner.
 *
 * <p>Reads in place 8-bit RGBA, ABGR, RGB, BGR, gray and gray-alpha interleaved rasters, INT_ARGB/INT_RGB
 * style packed rasters, and 1, 2, 4 and 8-bit palettes (with PLTE and a tRNS trimmed after the last entry
 * that is not opaque), in sRGB or Java's gray with alpha not premultiplied. Anything else is copied first:
 * a tile of those layouts spanning several tiles of a non-buffered image is then read in place from the
 * copy; 16-bit sRGB or gray samples are written by the JDK's PNG writer; premultiplied alpha, other colour
 * spaces and other samples are written as 8-bit sRGB RGB(A) exactly as {@link BufferedImage#getRGB} shows
 * them. Every tile decodes to what getRGB shows of its source.
 *
 * <p>The defaults are GeoServer's WMS defaults: deflate level 2 (its "PNG compression 25%", see {@link
 * #levelForGeoServerCompression}) and filter {@link PngFilter#NONE}. {@link #imageIoBytes()} writes the bytes
 * of the JDK's PNG writer instead, as GeoWebCache uses it.
 */
public final class PngTileEncoder implements TileEncoder {

    /** GeoServer's default compression, 25%, as a deflate level. */
    public static final int DEFAULT_LEVEL = 2;

    /**
     * How many writers wait between tiles at most: enough for every core to encode at once; a thread that finds
     * none idle makes one (a Deflater costs microseconds, a tile milliseconds).
     */
    static final int IDLE_WRITERS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    private final int level;
    private final PngFilter filter;
    private final boolean imageIo;
    private final UniformTileCache uniformTiles;
    private final BlockingQueue<PngWriter> idleWriters = new ArrayBlockingQueue<>(IDLE_WRITERS);

    /** GeoServer's defaults: level 2, no filter. */
    public PngTileEncoder() {
        this(DEFAULT_LEVEL, PngFilter.NONE);
    }

    /**
     * @param level deflate level, 0 (store) to 9 (smallest)
     * @param filter the row filter
     */
    public PngTileEncoder(int level, PngFilter filter) {
        this(level, filter, false);
    }

    private PngTileEncoder(int level, PngFilter filter, boolean imageIo) {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("PNG compression level is " + level + "; allowed range is 0 to 9");
        }
        this.level = level;
        this.filter = Objects.requireNonNull(filter, "filter");
        this.imageIo = imageIo;
        this.uniformTiles = new UniformTileCache();
    }

    /**
     * An encoder writing each tile in exactly the bytes the JDK's PNG writer writes for the tile's sub-image
     * with its default parameters, as GeoWebCache writes PNG tiles: deflate level 4, IDAT chunks of 32 KB, the
     * colour model's whole palette with the entries that are not opaque first, its filter choice for palette
     * rows. Tiles it does not read in place, or whose palette it writes as gray, it hands to that writer.
     * The bytes are GeoWebCache's only while the JDK's writer is ImageIO's first PNG writer ({@link
     * #isImageIoPngWriterTheJdks}).
     */
    public static PngTileEncoder imageIoBytes() {
        return new PngTileEncoder(PngWriter.IMAGE_IO_LEVEL, PngFilter.NONE, true);
    }

    /** Whether ImageIO's first PNG writer, the one GeoWebCache takes, is the JDK's own. */
    public static boolean isImageIoPngWriterTheJdks() {
        return ImageIoPngWriter.isTheJdks();
    }

    /**
     * The deflate level for GeoServer's "PNG compression" percentage: its quality is {@code 1 - percent /
     * 100} and its level {@code round(9 * (1 - quality))}, so 25% (the default) is level 2, 100% level 9.
     */
    public static int levelForGeoServerCompression(int percent) {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("PNG compression is " + percent + "%; allowed range is 0 to 100");
        }
        return (int) Math.round(9 * (percent / 100.0));
    }

    public int level() {
        return level;
    }

    public PngFilter filter() {
        return filter;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code tileBounds} is empty or not inside the image's bounds
     */
    @Override
    public byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException {
        checkInside(metatileImage, tileBounds);
        if (imageIo) {
            return encodeAsImageIo(metatileImage, tileBounds);
        }
        PixelRows rows = RasterRows.of(metatileImage, tileBounds);
        if (rows == null) {
            BufferedImage copy = TileCopy.of(metatileImage, tileBounds);
            Rectangle whole = new Rectangle(copy.getWidth(), copy.getHeight());
            rows = RasterRows.of(copy, whole);
            if (rows == null && TileCopy.isForImageIo(copy)) {
                return ImageIoPngWriter.write(copy);
            }
            if (rows == null) {
                rows = ArgbRows.of(copy, whole);
            }
        }
        return writeOrReuse(rows);
    }

    private byte[] encodeAsImageIo(RenderedImage metatileImage, Rectangle tile) throws IOException {
        PixelRows rows = RasterRows.of(metatileImage, tile);
        if (rows instanceof PaletteRows palette) {
            rows = palette.asImageIoWrites();
        }
        if (rows == null) {
            return ImageIoPngWriter.write(
                    metatileImage instanceof BufferedImage buffered
                            ? buffered.getSubimage(tile.x, tile.y, tile.width, tile.height)
                            : TileCopy.of(metatileImage, tile));
        }
        return writeOrReuse(rows);
    }

    /** The PNG of {@code rows}: from the cache of uniform tiles if every pixel is the same, else written. */
    private byte[] writeOrReuse(PixelRows rows) {
        return rows.isUniform() ? uniformTiles.get(rows, level, filter, () -> write(rows)) : write(rows);
    }

    /**
     * Writes {@code rows} with an idle writer, or a new one; gives the writer back if it finished, else (an
     * exception or error midway) ends its Deflater, whose state is then unknown.
     */
    private byte[] write(PixelRows rows) {
        PngWriter writer = idleWriters.poll();
        if (writer == null) {
            writer = new PngWriter();
        }
        boolean finished = false;
        try {
            byte[] png = imageIo ? writer.writeAsImageIo(rows) : writer.write(rows, level, filter);
            finished = true;
            return png;
        } finally {
            if (!finished || !idleWriters.offer(writer)) {
                writer.end();
            }
        }
    }

    private static void checkInside(RenderedImage image, Rectangle tile) {
        Rectangle bounds = new Rectangle(image.getMinX(), image.getMinY(), image.getWidth(), image.getHeight());
        if (tile.isEmpty() || !bounds.contains(tile)) {
            throw new IllegalArgumentException("tile bounds are " + format(tile) + "; allowed is a non-empty "
                    + "rectangle inside the image's bounds " + format(bounds));
        }
    }

    private static String format(Rectangle r) {
        return r.width + "x" + r.height + " at (" + r.x + ", " + r.y + ")";
    }
}
