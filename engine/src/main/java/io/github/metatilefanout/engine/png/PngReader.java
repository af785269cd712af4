package io.github.metatilefanout.engine.png;

import java.awt.Point;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads the PNGs a WMS answers most (8-bit RGBA or RGB, not interlaced, no chunk but IHDR, IDAT and IEND) into
 * an image with the samples and colour model ImageIO's reader gives them, in about half its time: the data is
 * inflated into one array and unfiltered in place, each row keeping its filter byte in front, so the image's
 * raster is that array. Anything else, a damaged PNG included, is left to ImageIO ({@code null}).
 *
 * <p>A PNG whose header announces another size than the GetMap asked for is refused before anything of its size is
 * allocated, whatever its pixel type: neither this reader nor ImageIO would then allocate the image a broken or
 * hostile WMS announces (up to 2<sup>31</sup> pixels a side) for a body of a few bytes.
 */
public final class PngReader {

    private static final int RGB = 2;
    private static final int RGBA = 6;
    private static final int MAX_PIXELS = 1 << 26;
    private static final ColorSpace SRGB = ColorSpace.getInstance(ColorSpace.CS_sRGB);

    private PngReader() {}

    /**
     * The image of {@code png}, or {@code null} if it is not one this reader reads: then ImageIO reads it.
     * Its pixels, colour space, alpha and bit depth are those of ImageIO's image; its raster holds RGBA (or RGB)
     * samples in that order, where ImageIO's holds ABGR (or BGR).
     *
     * @param width the image's width the GetMap asked for ({@code WIDTH})
     * @param height the image's height the GetMap asked for ({@code HEIGHT})
     * @throws IOException if {@code png} is a PNG whose header announces another size: nothing was allocated, and
     *     the answer is no image of the metatile, for ImageIO either
     */
    public static BufferedImage read(byte[] png, int width, int height) throws IOException {
        if (!hasHeader(png)) {
            return null; // not a PNG: ImageIO reads it, or says what it is
        }
        int announcedWidth = integer(png, 16);
        int announcedHeight = integer(png, 20);
        if (announcedWidth != width || announcedHeight != height) {
            throw new IOException(String.format(
                    "The PNG is %s x %s pixels, not the %d x %d asked for",
                    Integer.toUnsignedString(announcedWidth),
                    Integer.toUnsignedString(announcedHeight),
                    width,
                    height));
        }
        try {
            return decode(png, width, height);
        } catch (DataFormatException | RuntimeException damaged) {
            return null; // ImageIO reads it again, and says what is wrong
        }
    }

    /** Whether {@code png} starts with the PNG signature and an IHDR chunk of its length. */
    private static boolean hasHeader(byte[] png) {
        return png.length >= 8 + 25
                && startsWithSignature(png)
                && type(png, 12).equals("IHDR")
                && integer(png, 8) == 13;
    }

    private static BufferedImage decode(byte[] png, int width, int height) throws DataFormatException {
        int bitDepth = png[24];
        int colorType = png[25];
        boolean interlaced = png[28] != 0;
        if (bitDepth != 8
                || (colorType != RGB && colorType != RGBA)
                || interlaced
                || png[26] != 0
                || png[27] != 0
                || width <= 0
                || height <= 0
                || (long) width * height > MAX_PIXELS) {
            return null;
        }
        int channels = colorType == RGBA ? 4 : 3;
        int rowLength = width * channels + 1;
        byte[] rows = new byte[rowLength * height];
        Inflater inflater = new Inflater();
        try {
            int inflated = 0;
            int at = 8 + 25;
            while (true) {
                if (at + 12 > png.length) {
                    return null;
                }
                int length = integer(png, at);
                String type = type(png, at + 4);
                if (length < 0 || at + 12L + length > png.length) {
                    return null;
                }
                if (type.equals("IEND")) {
                    break;
                }
                if (!type.equals("IDAT")) {
                    return null; // a chunk ImageIO may act on: a palette, transparency, a colour profile
                }
                inflater.setInput(png, at + 8, length);
                while (!inflater.finished() && !inflater.needsInput()) {
                    int n;
                    if (inflated < rows.length) {
                        n = inflater.inflate(rows, inflated, rows.length - inflated);
                        inflated += n;
                    } else if ((n = inflater.inflate(new byte[1])) > 0) {
                        return null; // more data than the image holds
                    }
                    if (n == 0 && !inflater.finished() && !inflater.needsInput()) {
                        return null; // no progress: a preset dictionary, or damage
                    }
                }
                at += 12 + length;
            }
            if (inflated != rows.length || !inflater.finished()) {
                return null;
            }
        } finally {
            inflater.end();
        }
        if (!unfilter(rows, rowLength, height, channels)) {
            return null;
        }
        return image(rows, width, height, channels, rowLength);
    }

    /** Reverses each row's filter in place, from the top; {@code false} on a filter type PNG does not have. */
    private static boolean unfilter(byte[] rows, int rowLength, int height, int distance) {
        for (int y = 0, start = 0; y < height; y++, start += rowLength) {
            int filter = rows[start];
            int first = start + 1;
            int end = start + rowLength;
            switch (filter) {
                case 0 -> {}
                case 1 -> {
                    for (int i = first + distance; i < end; i++) {
                        rows[i] += rows[i - distance];
                    }
                }
                case 2 -> {
                    if (y > 0) {
                        for (int i = first; i < end; i++) {
                            rows[i] += rows[i - rowLength];
                        }
                    }
                }
                case 3 -> {
                    for (int i = first; i < end; i++) {
                        int left = i - first >= distance ? rows[i - distance] & 0xFF : 0;
                        int up = y > 0 ? rows[i - rowLength] & 0xFF : 0;
                        rows[i] += (byte) ((left + up) >>> 1);
                    }
                }
                case 4 -> {
                    for (int i = first; i < end; i++) {
                        boolean hasLeft = i - first >= distance;
                        int left = hasLeft ? rows[i - distance] & 0xFF : 0;
                        int up = y > 0 ? rows[i - rowLength] & 0xFF : 0;
                        int upLeft = hasLeft && y > 0 ? rows[i - rowLength - distance] & 0xFF : 0;
                        rows[i] += (byte) PngFilter.paeth(left, up, upLeft);
                    }
                }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /** The image over {@code rows}: each pixel's samples in PNG order, the rows' filter bytes skipped. */
    private static BufferedImage image(byte[] rows, int width, int height, int channels, int rowLength) {
        boolean alpha = channels == 4;
        int[] bandOffsets = alpha ? new int[] {1, 2, 3, 4} : new int[] {1, 2, 3};
        PixelInterleavedSampleModel samples =
                new PixelInterleavedSampleModel(DataBuffer.TYPE_BYTE, width, height, channels, rowLength, bandOffsets);
        WritableRaster raster =
                Raster.createWritableRaster(samples, new DataBufferByte(rows, rows.length), new Point());
        ColorModel colors = new ComponentColorModel(
                SRGB, alpha, false, alpha ? Transparency.TRANSLUCENT : Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
        return new BufferedImage(colors, raster, false, null);
    }

    private static boolean startsWithSignature(byte[] png) {
        return (png[0] & 0xFF) == 0x89
                && png[1] == 'P'
                && png[2] == 'N'
                && png[3] == 'G'
                && png[4] == '\r'
                && png[5] == '\n'
                && png[6] == 0x1A
                && png[7] == '\n';
    }

    private static int integer(byte[] data, int at) {
        return (data[at] & 0xFF) << 24 | (data[at + 1] & 0xFF) << 16 | (data[at + 2] & 0xFF) << 8 | data[at + 3] & 0xFF;
    }

    private static String type(byte[] data, int at) {
        return new String(data, at, 4, StandardCharsets.US_ASCII);
    }
}
