package io.github.metatilefanout.engine.png;

import java.awt.image.IndexColorModel;

/**
 * The palette chunks of a colour model as the JDK's PNG writer writes them: every entry of the colour model
 * in PLTE; when it has alpha, the entries that are not opaque moved first, in their order, and only their
 * alphas in tRNS.
 *
 * @param plte the PLTE chunk's data
 * @param trns the tRNS chunk's data, {@code null} without alpha
 * @param newIndexes the index each entry moves to, {@code null} when none moves
 */
record ImageIoPalette(byte[] plte, byte[] trns, int[] newIndexes) {

    private static final int OPAQUE = 0xFF;

    /**
     * The chunks for {@code colors} with samples of {@code bitDepth} bits, or {@code null} when the JDK's
     * writer writes the image as gray: its entries are the gray ramp of that bit depth, opaque, or with
     * alpha at 8 bits.
     */
    static ImageIoPalette of(IndexColorModel colors, int bitDepth) {
        int size = colors.getMapSize();
        if (isGrayRamp(colors, size, bitDepth) && (!colors.hasAlpha() || bitDepth == 8)) {
            return null;
        }
        int[] newIndexes = null;
        byte[] trns = null;
        if (colors.hasAlpha()) {
            newIndexes = new int[size];
            int next = 0;
            for (int i = 0; i < size; i++) {
                if (colors.getAlpha(i) != OPAQUE) {
                    newIndexes[i] = next++;
                }
            }
            trns = new byte[next];
            for (int i = 0; i < size; i++) {
                if (colors.getAlpha(i) != OPAQUE) {
                    trns[newIndexes[i]] = (byte) colors.getAlpha(i);
                } else {
                    newIndexes[i] = next++;
                }
            }
            if (isIdentity(newIndexes)) {
                newIndexes = null;
            }
        }
        byte[] plte = new byte[3 * size];
        for (int i = 0; i < size; i++) {
            int at = 3 * (newIndexes == null ? i : newIndexes[i]);
            plte[at] = (byte) colors.getRed(i);
            plte[at + 1] = (byte) colors.getGreen(i);
            plte[at + 2] = (byte) colors.getBlue(i);
        }
        return new ImageIoPalette(plte, trns, newIndexes);
    }

    /** Whether entry {@code i} is the gray {@code i * (255 / (2^bitDepth - 1))} for every entry. */
    private static boolean isGrayRamp(IndexColorModel colors, int size, int bitDepth) {
        int step = 255 / ((1 << bitDepth) - 1);
        for (int i = 0; i < size; i++) {
            int red = colors.getRed(i);
            if (red != (i * step & 0xFF) || red != colors.getGreen(i) || red != colors.getBlue(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIdentity(int[] indexes) {
        for (int i = 0; i < indexes.length; i++) {
            if (indexes[i] != i) {
                return false;
            }
        }
        return true;
    }
}
