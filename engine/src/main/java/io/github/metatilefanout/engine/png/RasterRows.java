package io.github.metatilefanout.engine.png;

import java.awt.Rectangle;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.MultiPixelPackedSampleModel;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.SampleModel;
import java.awt.image.SinglePixelPackedSampleModel;
import java.util.Arrays;

/** Finds how to read a tile's rows straight from its metatile's raster, if the raster allows it. */
final class RasterRows {

    private static final ColorSpace JAVA_GRAY = ColorSpace.getInstance(ColorSpace.CS_GRAY);

    private RasterRows() {}

    /**
     * The tile's rows, or {@code null} when the raster's layout is not one read in place: only 8-bit
     * samples (or 1, 2, 4-bit palette indexes) in sRGB or Java's gray, alpha not premultiplied, are.
     */
    static PixelRows of(RenderedImage image, Rectangle tile) {
        Raster raster = rasterHolding(image, tile);
        ColorModel colors = image.getColorModel();
        if (raster == null || colors == null || colors.isAlphaPremultiplied()) {
            return null;
        }
        SampleModel samples = raster.getSampleModel();
        int x = tile.x - raster.getSampleModelTranslateX();
        int y = tile.y - raster.getSampleModelTranslateY();
        DataBuffer buffer = raster.getDataBuffer();
        if (buffer.getNumBanks() != 1 || buffer.getOffset() != 0) {
            // an offset data buffer: the JDK's own rasters do not all apply the offset, so read what they show
            return null;
        }
        if (colors instanceof IndexColorModel palette) {
            return paletteRows(tile, palette, samples, buffer, x, y);
        }
        if (colors instanceof ComponentColorModel
                && samples instanceof ComponentSampleModel components
                && buffer instanceof DataBufferByte bytes) {
            return interleavedRows(tile, colors, components, bytes, x, y);
        }
        if (colors instanceof DirectColorModel direct
                && samples instanceof SinglePixelPackedSampleModel packed
                && buffer instanceof DataBufferInt ints) {
            return packedRows(tile, direct, packed, ints, x, y);
        }
        return null;
    }

    /**
     * Whether a PNG holds samples of {@code space} as they are: sRGB's, and Java's gray's, since ImageIO
     * reads a gray PNG back into Java's gray. Java's gray is linear, so getRGB shows its samples brighter
     * than a viewer taking PNG gray as sRGB does, but the JDK's own writer and reader agree on it.
     */
    static boolean keepsSamples(ColorSpace space) {
        return space.isCS_sRGB() || space == JAVA_GRAY;
    }

    /** The raster that holds all of {@code tile}: the image's own, or its one tile that does. */
    private static Raster rasterHolding(RenderedImage image, Rectangle tile) {
        if (image instanceof BufferedImage buffered) {
            return buffered.getRaster();
        }
        int tileX = Math.floorDiv(tile.x - image.getTileGridXOffset(), image.getTileWidth());
        int tileY = Math.floorDiv(tile.y - image.getTileGridYOffset(), image.getTileHeight());
        int lastX = Math.floorDiv(tile.x + tile.width - 1 - image.getTileGridXOffset(), image.getTileWidth());
        int lastY = Math.floorDiv(tile.y + tile.height - 1 - image.getTileGridYOffset(), image.getTileHeight());
        return tileX == lastX && tileY == lastY ? image.getTile(tileX, tileY) : null;
    }

    private static PixelRows paletteRows(
            Rectangle tile, IndexColorModel palette, SampleModel samples, DataBuffer buffer, int x, int y) {
        if (!(buffer instanceof DataBufferByte bytes) || samples.getNumBands() != 1) {
            return null;
        }
        if (samples instanceof MultiPixelPackedSampleModel packed) {
            int bits = packed.getPixelBitStride();
            if (bits != 1 && bits != 2 && bits != 4 && bits != 8) {
                return null;
            }
            return new PaletteRows(
                    tile.width,
                    tile.height,
                    bits,
                    bytes.getData(),
                    packed.getOffset(x, y),
                    packed.getBitOffset(x),
                    packed.getScanlineStride(),
                    palette);
        }
        if (samples instanceof ComponentSampleModel components
                && components.getPixelStride() == 1
                && samples.getSampleSize(0) == 8) {
            return new PaletteRows(
                    tile.width,
                    tile.height,
                    8,
                    bytes.getData(),
                    components.getOffset(x, y, 0),
                    0,
                    components.getScanlineStride(),
                    palette);
        }
        return null;
    }

    private static PixelRows interleavedRows(
            Rectangle tile, ColorModel colors, ComponentSampleModel samples, DataBufferByte bytes, int x, int y) {
        int bands = samples.getNumBands();
        if (!keepsSamples(colors.getColorSpace())
                || bands != colors.getNumComponents()
                || colors.getTransferType() != DataBuffer.TYPE_BYTE) {
            return null;
        }
        for (int band = 0; band < bands; band++) {
            if (samples.getSampleSize(band) != 8 || colors.getComponentSize(band) != 8) {
                return null;
            }
        }
        int colorType = colors.getColorSpace().getType() == ColorSpace.TYPE_GRAY
                ? colors.hasAlpha() ? PixelRows.GRAY_ALPHA : PixelRows.GRAY
                : colors.hasAlpha() ? PixelRows.RGBA : PixelRows.RGB;
        // a pixel starts at its first sample in memory: rows of PngReader's images begin with a filter byte
        int[] channelOffsets = samples.getBandOffsets().clone();
        int first = Arrays.stream(channelOffsets).min().orElseThrow();
        int pixel = samples.getOffset(x, y, 0) - channelOffsets[0] + first;
        for (int c = 0; c < channelOffsets.length; c++) {
            channelOffsets[c] -= first;
        }
        return new InterleavedByteRows(
                tile.width,
                tile.height,
                colorType,
                bytes.getData(),
                pixel,
                samples.getPixelStride(),
                samples.getScanlineStride(),
                channelOffsets);
    }

    private static PixelRows packedRows(
            Rectangle tile,
            DirectColorModel colors,
            SinglePixelPackedSampleModel samples,
            DataBufferInt ints,
            int x,
            int y) {
        int[] masks = colors.hasAlpha()
                ? new int[] {colors.getRedMask(), colors.getGreenMask(), colors.getBlueMask(), colors.getAlphaMask()}
                : new int[] {colors.getRedMask(), colors.getGreenMask(), colors.getBlueMask()};
        if (!colors.getColorSpace().isCS_sRGB()) {
            return null;
        }
        int[] shifts = new int[masks.length];
        for (int c = 0; c < masks.length; c++) {
            int shift = Integer.numberOfTrailingZeros(masks[c]);
            if (masks[c] == 0 || masks[c] >>> shift != 0xFF) {
                return null;
            }
            shifts[c] = shift;
        }
        return new PackedIntRows(
                tile.width, tile.height, ints.getData(), samples.getOffset(x, y), samples.getScanlineStride(), shifts);
    }
}
