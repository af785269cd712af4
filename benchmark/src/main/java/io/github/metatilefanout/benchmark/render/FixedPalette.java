package io.github.metatilefanout.benchmark.render;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.util.ArrayList;
import java.util.List;

/**
 * An 8-bit palette fixed from a style, and the quantiser to it: a transparent entry, the style's colours,
 * and for each pair of them the blends at a quarter, half and three quarters (anti-aliased edges). Pixels
 * at least half opaque take their nearest colour, from a table indexed by the top five bits of red, green
 * and blue; the others become transparent.
 */
public final class FixedPalette {

    private static final int TRANSPARENT = 0;
    private static final int BITS = 5;
    private static final int LEVELS = 1 << BITS;

    private final IndexColorModel colorModel;
    private final byte[] nearest;

    private FixedPalette(List<Color> colors) {
        int[] argb = new int[colors.size() + 1]; // entry 0 transparent
        for (int i = 1; i < argb.length; i++) {
            argb[i] = colors.get(i - 1).getRGB();
        }
        this.colorModel = new IndexColorModel(8, argb.length, argb, 0, true, -1, DataBuffer.TYPE_BYTE);
        this.nearest = nearestTable(colors);
    }

    public static FixedPalette of(MapStyle style) {
        List<Color> base = style.colors();
        List<Color> colors = new ArrayList<>(base);
        for (int i = 0; i < base.size(); i++) {
            for (int j = i + 1; j < base.size(); j++) {
                for (int quarter = 1; quarter <= 3; quarter++) {
                    colors.add(blend(base.get(i), base.get(j), quarter / 4.0));
                }
            }
        }
        if (colors.size() > 255) {
            throw new IllegalArgumentException("A style of " + base.size() + " colours needs " + colors.size()
                    + " palette entries; at most 255 fit");
        }
        return new FixedPalette(colors);
    }

    /** Palette entries, the transparent one included. */
    public int size() {
        return colorModel.getMapSize();
    }

    /** {@code rgba}, a {@link BufferedImage#TYPE_4BYTE_ABGR} image, mapped to the palette. */
    public BufferedImage quantise(BufferedImage rgba) {
        if (rgba.getType() != BufferedImage.TYPE_4BYTE_ABGR) {
            throw new IllegalArgumentException("Expected a TYPE_4BYTE_ABGR image, got type " + rgba.getType());
        }
        byte[] source = ((DataBufferByte) rgba.getRaster().getDataBuffer()).getData();
        BufferedImage indexed =
                new BufferedImage(rgba.getWidth(), rgba.getHeight(), BufferedImage.TYPE_BYTE_INDEXED, colorModel);
        byte[] target = ((DataBufferByte) indexed.getRaster().getDataBuffer()).getData();
        for (int p = 0, s = 0; p < target.length; p++, s += 4) {
            int alpha = source[s] & 0xFF;
            if (alpha < 0x80) {
                target[p] = TRANSPARENT;
            } else {
                int blue = (source[s + 1] & 0xFF) >> (8 - BITS);
                int green = (source[s + 2] & 0xFF) >> (8 - BITS);
                int red = (source[s + 3] & 0xFF) >> (8 - BITS);
                target[p] = nearest[(red << (2 * BITS)) | (green << BITS) | blue];
            }
        }
        return indexed;
    }

    private static byte[] nearestTable(List<Color> colors) {
        byte[] table = new byte[LEVELS * LEVELS * LEVELS];
        for (int red = 0; red < LEVELS; red++) {
            for (int green = 0; green < LEVELS; green++) {
                for (int blue = 0; blue < LEVELS; blue++) {
                    table[(red << (2 * BITS)) | (green << BITS) | blue] =
                            (byte) (1 + closest(colors, centre(red), centre(green), centre(blue)));
                }
            }
        }
        return table;
    }

    private static int centre(int level) {
        return (level << (8 - BITS)) + (1 << (7 - BITS));
    }

    private static int closest(List<Color> colors, int red, int green, int blue) {
        int best = 0;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < colors.size(); i++) {
            Color c = colors.get(i);
            int dr = c.getRed() - red;
            int dg = c.getGreen() - green;
            int db = c.getBlue() - blue;
            int distance = dr * dr + dg * dg + db * db;
            if (distance < bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return best;
    }

    private static Color blend(Color a, Color b, double t) {
        return new Color(
                (int) Math.round(a.getRed() * (1 - t) + b.getRed() * t),
                (int) Math.round(a.getGreen() * (1 - t) + b.getGreen() * t),
                (int) Math.round(a.getBlue() * (1 - t) + b.getBlue() * t));
    }
}
