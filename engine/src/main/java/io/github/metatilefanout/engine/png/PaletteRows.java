package io.github.metatilefanout.engine.png;

import java.awt.image.IndexColorModel;
import java.util.Arrays;

/**
 * Palette indexes, one per byte or packed 1, 2 or 4 bits to the byte (most significant first, in Java as
 * in PNG), with the palette's PLTE and tRNS chunks.
 *
 * <p>A raster may hold indexes beyond a short palette; Java shows them with the colour model's values for
 * those entries (transparent black), so the PNG palette is extended to the largest index the tile uses.
 * {@link #asImageIoWrites} gives the rows and chunks the JDK's PNG writer writes instead.
 */
final class PaletteRows extends PixelRows {

    private final byte[] data;
    private final int topLeft;
    private final int firstBit;
    private final int scanlineStride;
    private final IndexColorModel colors;
    private int entries;
    /** The chunks and new index of each entry as the JDK's PNG writer writes them; {@code null} before. */
    private ImageIoPalette imageIo;

    /**
     * @param topLeft index of the byte holding the tile's top-left pixel
     * @param firstBit position of that pixel in its byte, counted from the most significant bit
     */
    PaletteRows(
            int width,
            int height,
            int bitDepth,
            byte[] data,
            int topLeft,
            int firstBit,
            int scanlineStride,
            IndexColorModel colors) {
        super(width, height, PALETTE, bitDepth);
        this.data = data;
        this.topLeft = topLeft;
        this.firstBit = firstBit;
        this.scanlineStride = scanlineStride;
        this.colors = colors;
    }

    /**
     * The same rows as the JDK's PNG writer writes them: the colour model's whole palette, its entries that
     * are not opaque moved first and only those in tRNS; {@code null} when it writes them as gray samples
     * (a palette that is a gray ramp).
     */
    PaletteRows asImageIoWrites() {
        ImageIoPalette palette = ImageIoPalette.of(colors, bitDepth);
        if (palette == null) {
            return null;
        }
        PaletteRows rows = new PaletteRows(width, height, bitDepth, data, topLeft, firstBit, scanlineStride, colors);
        rows.imageIo = palette;
        return rows;
    }

    @Override
    void readRow(int y, byte[] target, int offset) {
        int start = topLeft + y * scanlineStride;
        if (imageIo != null && imageIo.newIndexes() != null) {
            readRenumberedRow(start, imageIo.newIndexes(), target, offset);
            return;
        }
        if (bitDepth == 8 || firstBit == 0 && width * bitDepth % 8 == 0) {
            System.arraycopy(data, start, target, offset, rowBytes());
            return;
        }
        Arrays.fill(target, offset, offset + rowBytes(), (byte) 0);
        for (int x = 0; x < width; x++) {
            int bit = x * bitDepth;
            target[offset + bit / 8] |= (byte) (index(start, x) << (8 - bitDepth - bit % 8));
        }
    }

    private void readRenumberedRow(int start, int[] newIndexes, byte[] target, int offset) {
        Arrays.fill(target, offset, offset + rowBytes(), (byte) 0);
        for (int x = 0; x < width; x++) {
            int index = index(start, x);
            int renumbered = index < newIndexes.length ? newIndexes[index] : index;
            int bit = x * bitDepth;
            target[offset + bit / 8] |= (byte) (renumbered << (8 - bitDepth - bit % 8));
        }
    }

    /** The palette index of pixel {@code x} of the row starting at byte {@code start}. */
    private int index(int start, int x) {
        if (bitDepth == 8) {
            return data[start + x] & 0xFF;
        }
        int bit = firstBit + x * bitDepth;
        return (data[start + bit / 8] >>> (8 - bitDepth - bit % 8)) & ((1 << bitDepth) - 1);
    }

    @Override
    long firstPixel() {
        int index = index(topLeft, 0);
        int[] newIndexes = imageIo == null ? null : imageIo.newIndexes();
        return newIndexes != null && index < newIndexes.length ? newIndexes[index] : index;
    }

    @Override
    boolean isUniform() {
        if (bitDepth == 8) {
            return uniformRows(data, topLeft, width, 1, scanlineStride, height);
        }
        int first = index(topLeft, 0);
        for (int y = 0; y < height; y++) {
            int start = topLeft + y * scanlineStride;
            for (int x = 0; x < width; x++) {
                if (index(start, x) != first) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Palette entries the tile needs: the colour model's, or up to the largest index used when beyond, and
     * never more than its bit depth can index. Found once per tile.
     */
    private int entries() {
        if (entries == 0) {
            int size = Math.min(colors.getMapSize(), 1 << bitDepth);
            entries = size == 1 << bitDepth ? size : Math.max(size, largestIndex() + 1);
        }
        return entries;
    }

    private int largestIndex() {
        int largest = 0;
        for (int y = 0; y < height; y++) {
            int start = topLeft + y * scanlineStride;
            for (int x = 0; x < width; x++) {
                largest = Math.max(largest, index(start, x));
            }
        }
        return largest;
    }

    @Override
    byte[] palette() {
        if (imageIo != null) {
            return imageIo.plte();
        }
        int size = entries();
        byte[] plte = new byte[3 * size];
        for (int i = 0; i < size; i++) {
            plte[3 * i] = (byte) colors.getRed(i);
            plte[3 * i + 1] = (byte) colors.getGreen(i);
            plte[3 * i + 2] = (byte) colors.getBlue(i);
        }
        return plte;
    }

    /** Alphas up to the last entry that is not opaque; {@code null} when all are. */
    @Override
    byte[] transparency() {
        if (imageIo != null) {
            return imageIo.trns();
        }
        int last = -1;
        int size = entries();
        for (int i = 0; i < size; i++) {
            if (colors.getAlpha(i) != 0xFF) {
                last = i;
            }
        }
        if (last < 0) {
            return null;
        }
        byte[] trns = new byte[last + 1];
        for (int i = 0; i <= last; i++) {
            trns[i] = (byte) colors.getAlpha(i);
        }
        return trns;
    }
}
