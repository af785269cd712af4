package io.github.metatilefanout.engine.png;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Pixels of one-byte samples interleaved in one byte array: 4-byte ABGR and RGBA, 3-byte BGR and RGB,
 * gray, gray and alpha.
 */
final class InterleavedByteRows extends PixelRows {

    private static final VarHandle LITTLE_ENDIAN_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BIG_ENDIAN_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final byte[] data;
    private final int topLeft;
    private final int pixelStride;
    private final int scanlineStride;
    private final int[] channelOffsets;
    private final Layout layout;

    private enum Layout {
        /** Bytes A, B, G, R: RGBA is the same four bytes reversed. */
        ABGR,
        /** Already in PNG order, packed: a row is one copy. */
        PNG_ORDER,
        ANY
    }

    /**
     * @param topLeft index of the tile's top-left pixel's first byte
     * @param channelOffsets offset of each PNG channel (R, G, B, A or gray, alpha) from a pixel's start
     */
    InterleavedByteRows(
            int width,
            int height,
            int colorType,
            byte[] data,
            int topLeft,
            int pixelStride,
            int scanlineStride,
            int[] channelOffsets) {
        super(width, height, colorType, 8);
        this.data = data;
        this.topLeft = topLeft;
        this.pixelStride = pixelStride;
        this.scanlineStride = scanlineStride;
        this.channelOffsets = channelOffsets.clone();
        this.layout = layoutOf(pixelStride, channelOffsets);
    }

    private static Layout layoutOf(int pixelStride, int[] offsets) {
        boolean pngOrder = pixelStride == offsets.length;
        for (int c = 0; c < offsets.length; c++) {
            pngOrder &= offsets[c] == c;
        }
        if (pngOrder) {
            return Layout.PNG_ORDER;
        }
        boolean abgr = pixelStride == 4
                && offsets.length == 4
                && offsets[0] == 3
                && offsets[1] == 2
                && offsets[2] == 1
                && offsets[3] == 0;
        return abgr ? Layout.ABGR : Layout.ANY;
    }

    @Override
    void readRow(int y, byte[] target, int offset) {
        int start = topLeft + y * scanlineStride;
        switch (layout) {
            case PNG_ORDER -> System.arraycopy(data, start, target, offset, width * pixelStride);
            case ABGR -> {
                for (int x = 0, from = start, to = offset; x < width; x++, from += 4, to += 4) {
                    BIG_ENDIAN_INT.set(target, to, (int) LITTLE_ENDIAN_INT.get(data, from));
                }
            }
            case ANY -> {
                int to = offset;
                for (int x = 0, from = start; x < width; x++, from += pixelStride) {
                    for (int channelOffset : channelOffsets) {
                        target[to++] = data[from + channelOffset];
                    }
                }
            }
        }
    }

    @Override
    long firstPixel() {
        long samples = 0;
        for (int c = 0; c < channelOffsets.length; c++) {
            samples |= (long) (data[topLeft + channelOffsets[c]] & 0xFF) << (8 * c);
        }
        return samples;
    }

    @Override
    boolean isUniform() {
        if (pixelStride == channelOffsets.length) {
            return uniformRows(data, topLeft, width * pixelStride, pixelStride, scanlineStride, height);
        }
        for (int y = 0; y < height; y++) {
            int from = topLeft + y * scanlineStride;
            for (int x = 0; x < width; x++, from += pixelStride) {
                for (int channelOffset : channelOffsets) {
                    if (data[from + channelOffset] != data[topLeft + channelOffset]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
