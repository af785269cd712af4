package io.github.metatilefanout.engine.png;

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
    boolean isUniform() {
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
