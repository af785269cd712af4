package io.github.metatilefanout.engine.png;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * A tile as {@link BufferedImage#getRGB} shows it: sRGB, not premultiplied, 8 bits per channel; RGBA when
 * the colour model has alpha, RGB when it has none. For what the raster's samples are not: premultiplied
 * alpha, a colour space other than sRGB and Java's gray, or samples neither the encoder nor the JDK's PNG
 * writer keeps as they are. The colour model converts every pixel once, so this is the slow way.
 */
final class ArgbRows extends PixelRows {

    private final int[] argb;

    private ArgbRows(int width, int height, boolean alpha, int[] argb) {
        super(width, height, alpha ? RGBA : RGB, 8);
        this.argb = argb;
    }

    /** The pixels of {@code tile} of {@code image}, converted by its colour model as getRGB converts them. */
    static ArgbRows of(BufferedImage image, Rectangle tile) {
        int[] argb = image.getRGB(tile.x, tile.y, tile.width, tile.height, null, 0, tile.width);
        return new ArgbRows(tile.width, tile.height, image.getColorModel().hasAlpha(), argb);
    }

    @Override
    void readRow(int y, byte[] target, int offset) {
        boolean alpha = colorType == RGBA;
        int to = offset;
        for (int i = y * width, end = i + width; i < end; i++) {
            int pixel = argb[i];
            target[to++] = (byte) (pixel >>> 16);
            target[to++] = (byte) (pixel >>> 8);
            target[to++] = (byte) pixel;
            if (alpha) {
                target[to++] = (byte) (pixel >>> 24);
            }
        }
    }

    @Override
    long firstPixel() {
        int pixel = argb[0];
        long rgb = (pixel >>> 16 & 0xFF) | (pixel & 0xFF00) | (pixel & 0xFF) << 16;
        return colorType == RGBA ? rgb | (long) (pixel >>> 24) << 24 : rgb;
    }

    /** Compares whole ints: without alpha, getRGB shows every pixel opaque. */
    @Override
    boolean isUniform() {
        return Arrays.mismatch(argb, 0, argb.length - 1, argb, 1, argb.length) < 0;
    }
}
