package io.github.metatilefanout.benchmark.png;

import ar.com.hjg.pngj.FilterType;
import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.ImageLineByte;
import ar.com.hjg.pngj.PngWriter;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The 16 tiles of a 1024 x 1024 ABGR metatile encoded at GeoServer's defaults (deflate level 2, no filter)
 * by this project's encoder, the ways GeoServer and GeoWebCache encode, and deflate alone. Run: {@code java
 * -jar benchmark/target/benchmarks.jar PngEncoderBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PngEncoderBenchmark {

    static final int LEVEL = PngTileEncoder.DEFAULT_LEVEL;

    @Param({"dense", "sparse"})
    public String map;

    private BufferedImage metatile;
    private Rectangle[] tiles;
    private byte[][] filteredRows;
    private final PngTileEncoder encoder = new PngTileEncoder();
    private final Deflater deflater = new Deflater(LEVEL);
    private final byte[] deflated = new byte[1 << 20];
    private ImageWriter jdkWriter;
    private ImageWriteParam jdkParam;

    @Setup(Level.Trial)
    public void draw() {
        metatile = "dense".equals(map) ? MapLikeImages.dense(1024, 42) : MapLikeImages.sparse(1024, 42);
        tiles = new Rectangle[16];
        filteredRows = new byte[tiles.length][];
        for (int i = 0; i < tiles.length; i++) {
            tiles[i] = new Rectangle(i % 4 * 256, i / 4 * 256, 256, 256);
            filteredRows[i] = rgbaRowsWithFilterBytes(metatile, tiles[i]);
        }
        jdkWriter = ImageIO.getImageWritersByFormatName("png").next();
        jdkParam = jdkWriter.getDefaultWriteParam();
        jdkParam.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        jdkParam.setCompressionQuality(0.75f); // the JDK's deflate level is 9 * (1 - quality): 2
    }

    /** This project's encoder, reading the rows straight from the metatile's raster. */
    @Benchmark
    public void fanoutEncoder(Blackhole sink) throws IOException {
        for (Rectangle tile : tiles) {
            sink.consume(encoder.encode(metatile, tile));
        }
    }

    /** The JDK's PNG writer on each sub-image. */
    @Benchmark
    public void jdkImageIo(Blackhole sink) throws IOException {
        for (Rectangle tile : tiles) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(32 * 1024);
            try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
                jdkWriter.setOutput(stream);
                BufferedImage sub = metatile.getSubimage(tile.x, tile.y, tile.width, tile.height);
                jdkWriter.write(null, new IIOImage(sub, null, null), jdkParam);
            }
            sink.consume(out.toByteArray());
        }
    }

    /** PNGJ reading the parent raster's rows, as imageio-ext does for a real buffered image. */
    @Benchmark
    public void pngjZeroCopy(Blackhole sink) {
        for (Rectangle tile : tiles) {
            sink.consume(pngj(metatile.getRaster(), tile, LEVEL));
        }
    }

    /** PNGJ after the tile is copied twice, as GeoServer's sub-image adapter makes imageio-ext do today. */
    @Benchmark
    public void pngjCopyTwice(Blackhole sink) {
        for (Rectangle tile : tiles) {
            Raster first = metatile.getData(tile);
            sink.consume(first);
            Raster second = metatile.getData(tile);
            sink.consume(pngj(second, tile, LEVEL));
        }
    }

    /** Deflate alone on the same RGBA bytes with their filter bytes: the floor of any PNG encoder. */
    @Benchmark
    public void deflateFloor(Blackhole sink) {
        for (byte[] rows : filteredRows) {
            deflater.reset();
            deflater.setInput(rows);
            deflater.finish();
            int length = 0;
            while (!deflater.finished()) {
                length += deflater.deflate(deflated, length, deflated.length - length);
            }
            sink.consume(length);
        }
    }

    private static byte[] rgbaRowsWithFilterBytes(BufferedImage image, Rectangle tile) {
        byte[] rows = new byte[tile.height * (1 + 4 * tile.width)];
        int to = 0;
        for (int y = tile.y; y < tile.y + tile.height; y++) {
            rows[to++] = 0;
            for (int x = tile.x; x < tile.x + tile.width; x++) {
                int argb = image.getRGB(x, y);
                rows[to++] = (byte) (argb >>> 16);
                rows[to++] = (byte) (argb >>> 8);
                rows[to++] = (byte) argb;
                rows[to++] = (byte) (argb >>> 24);
            }
        }
        return rows;
    }

    /** A tile written by PNGJ (imageio-ext's PNG library) from an ABGR raster's rows, as imageio-ext does. */
    private static byte[] pngj(Raster raster, Rectangle tile, int level) {
        ImageInfo info = new ImageInfo(tile.width, tile.height, 8, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 * 1024);
        PngWriter writer = new PngWriter(out, info);
        writer.setCompLevel(level);
        writer.setFilterType(FilterType.FILTER_NONE);
        ComponentSampleModel samples = (ComponentSampleModel) raster.getSampleModel();
        byte[] data = ((DataBufferByte) raster.getDataBuffer()).getData();
        int stride = samples.getScanlineStride();
        int x0 = tile.x - raster.getSampleModelTranslateX();
        int y0 = tile.y - raster.getSampleModelTranslateY();
        ImageLineByte line = new ImageLineByte(info);
        byte[] scanline = line.getScanline();
        for (int y = 0; y < tile.height; y++) {
            int from = (y0 + y) * stride + x0 * 4;
            for (int x = 0, to = 0; x < tile.width; x++, from += 4) {
                scanline[to++] = data[from + 3];
                scanline[to++] = data[from + 2];
                scanline[to++] = data[from + 1];
                scanline[to++] = data[from];
            }
            writer.writeRow(line);
        }
        writer.end();
        return out.toByteArray();
    }
}
