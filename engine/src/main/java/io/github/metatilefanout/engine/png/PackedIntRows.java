package io.github.metatilefanout.engine.png;

import java.util.Arrays;

/** Pixels packed in one int each, eight bits per channel: INT_ARGB, INT_RGB, INT_BGR and the like. */
final class PackedIntRows extends PixelRows {

    private final int[] data;
    private final int topLeft;
    private final int scanlineStride;
    private final int[] shifts;
    private final int usedBits;

    /**
     * @param shifts the bit position of each PNG channel (R, G, B and, with alpha, A)
     */
    PackedIntRows(int width, int height, int[] data, int topLeft, int scanlineStride, int[] shifts) {
        super(width, height, shifts.length == 4 ? RGBA : RGB, 8);
        this.data = data;
        this.topLeft = topLeft;
        this.scanlineStride = scanlineStride;
        this.shifts = shifts.clone();
        int used = 0;
        for (int shift : shifts) {
            used |= 0xFF << shift;
        }
        this.usedBits = used;
    }

    /** Whether all pixels are the same int, bits unused included: the common, vectorized case. */
    private boolean sameInts() {
        int first = topLeft;
        if (Arrays.mismatch(data, first, first + width - 1, data, first + 1, first + width) >= 0) {
            return false;
        }
        for (int y = 1, start = first + scanlineStride; y < height; y++, start += scanlineStride) {
            if (Arrays.mismatch(data, start, start + width, data, first, first + width) >= 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    void readRow(int y, byte[] target, int offset) {
        int to = offset;
        int from = topLeft + y * scanlineStride;
        for (int x = 0; x < width; x++) {
            int pixel = data[from + x];
            for (int shift : shifts) {
                target[to++] = (byte) (pixel >>> shift);
            }
        }
    }

    @Override
    long firstPixel() {
        int pixel = data[topLeft];
        long samples = 0;
        for (int c = 0; c < shifts.length; c++) {
            samples |= (long) ((pixel >>> shifts[c]) & 0xFF) << (8 * c);
        }
        return samples;
    }

    @Override
    boolean isUniform() {
        if (sameInts()) {
            return true;
        }
        int first = data[topLeft] & usedBits;
        for (int y = 0; y < height; y++) {
            int from = topLeft + y * scanlineStride;
            for (int x = 0; x < width; x++) {
                if ((data[from + x] & usedBits) != first) {
                    return false;
                }
            }
        }
        return true;
    }
}
