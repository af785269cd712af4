package io.github.metatilefanout.engine.png;

import java.util.Arrays;

/**
 * The rows of one tile read from its metatile's raster in PNG byte order, with the PNG header fields they
 * need. Reads the raster's data array in place: nothing is copied but the row being encoded.
 */
abstract class PixelRows {

    static final int GRAY = 0;
    static final int RGB = 2;
    static final int PALETTE = 3;
    static final int GRAY_ALPHA = 4;
    static final int RGBA = 6;

    final int width;
    final int height;
    final int colorType;
    final int bitDepth;

    PixelRows(int width, int height, int colorType, int bitDepth) {
        this.width = width;
        this.height = height;
        this.colorType = colorType;
        this.bitDepth = bitDepth;
    }

    /** Bytes of one row in PNG order, without the filter byte. */
    final int rowBytes() {
        return (width * channels() * bitDepth + 7) / 8;
    }

    /** Bytes per complete pixel, at least one: the distance the filters look back. */
    final int filterDistance() {
        return Math.max(1, channels() * bitDepth / 8);
    }

    final int channels() {
        return switch (colorType) {
            case GRAY, PALETTE -> 1;
            case GRAY_ALPHA -> 2;
            case RGB -> 3;
            default -> 4;
        };
    }

    /** Writes row {@code y} of the tile (0 is the top) into {@code target} from {@code offset}. */
    abstract void readRow(int y, byte[] target, int offset);

    /** Whether every pixel of the tile is the same; stops at the first that differs. */
    abstract boolean isUniform();

    /**
     * The samples of the tile's top-left pixel in PNG order (a palette index for palette rows), packed
     * one after the other from the least significant byte up: with the header fields, all that tells the
     * rows of two uniform tiles apart.
     */
    abstract long firstPixel();

    /**
     * Whether rows of {@code rowLength} contiguous bytes, {@code stride} apart, all repeat one pixel of
     * {@code pixelLength} bytes: the first row equals itself shifted by one pixel, and every row equals
     * the first. Vectorized comparisons, early exit.
     */
    static boolean uniformRows(byte[] data, int first, int rowLength, int pixelLength, int stride, int rows) {
        if (Arrays.mismatch(data, first, first + rowLength - pixelLength, data, first + pixelLength, first + rowLength)
                >= 0) {
            return false;
        }
        for (int y = 1, start = first + stride; y < rows; y++, start += stride) {
            if (Arrays.mismatch(data, start, start + rowLength, data, first, first + rowLength) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** The PLTE chunk's data, or {@code null} when there is none. */
    byte[] palette() {
        return null;
    }

    /** The tRNS chunk's data, or {@code null} when there is none. */
    byte[] transparency() {
        return null;
    }
}
