package io.github.metatilefanout.engine.png;

import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DirectColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.SampleModel;
import java.awt.image.WritableRaster;
import java.util.Random;
import java.util.Vector;

/** Source images of every raster layout the encoder meets, filled with seeded random pixels. */
final class TestImages {

    /** A raster layout and how to make an image of it. */
    enum Kind {
        ABGR(true),
        RGBA_BYTES(true),
        BGR(true),
        RGB_BYTES(true),
        INT_ARGB(true),
        INT_RGB(true),
        INT_BGR(true),
        GRAY(true),
        GRAY_ALPHA(true),
        PALETTE_8(true),
        PALETTE_4(true),
        PALETTE_2(true),
        PALETTE_1(true),
        INT_ARGB_PRE(false),
        ABGR_PRE(false),
        GRAY_16(false),
        RGB_565(false),
        LINEAR_RGBA_BYTES(false),
        LINEAR_INT_RGB(false);

        /** Whether the encoder reads it in place (the others are copied or converted first). */
        final boolean inPlace;

        Kind(boolean inPlace) {
            this.inPlace = inPlace;
        }
    }

    private TestImages() {}

    static BufferedImage create(Kind kind, int width, int height, long seed) {
        return fill(blank(kind, width, height), seed);
    }

    /** An image of {@code colors} in its compatible raster, filled with seeded random pixels. */
    static BufferedImage random(ColorModel colors, int width, int height, long seed) {
        WritableRaster raster = colors.createCompatibleWritableRaster(width, height);
        return fill(new BufferedImage(colors, raster, colors.isAlphaPremultiplied(), null), seed);
    }

    /**
     * Random samples in runs, some rows repeating the one above; float samples from 0 to 1, and colour
     * samples no greater than alpha when it is premultiplied.
     */
    private static BufferedImage fill(BufferedImage image, long seed) {
        Random random = new Random(seed);
        WritableRaster raster = image.getRaster();
        int width = image.getWidth();
        int height = image.getHeight();
        double[] pixel = new double[raster.getNumBands()];
        int paletteSize = image.getColorModel() instanceof IndexColorModel palette ? palette.getMapSize() : 0;
        int transferType = raster.getTransferType();
        boolean floats = transferType == DataBuffer.TYPE_FLOAT || transferType == DataBuffer.TYPE_DOUBLE;
        boolean premultiplied = image.isAlphaPremultiplied();
        for (int y = 0; y < height; y++) {
            // some rows repeat the one above, as in the empty parts of a map
            if (y > 0 && random.nextInt(3) == 0) {
                raster.setDataElements(0, y, raster.getDataElements(0, y - 1, width, 1, null));
                continue;
            }
            for (int x = 0; x < width; x++) {
                // runs of equal pixels, as maps have, between random ones
                if (x == 0 || random.nextInt(4) == 0) {
                    for (int b = 0; b < pixel.length; b++) {
                        int values = 1 << raster.getSampleModel().getSampleSize(b);
                        pixel[b] = floats
                                ? random.nextDouble()
                                : random.nextInt(paletteSize > 0 ? Math.min(paletteSize, values) : values);
                    }
                    if (premultiplied) {
                        for (int b = 0; b < pixel.length - 1; b++) {
                            pixel[b] = Math.min(pixel[b], pixel[pixel.length - 1]);
                        }
                    }
                }
                raster.setPixel(x, y, pixel);
            }
        }
        return image;
    }

    private static BufferedImage blank(Kind kind, int width, int height) {
        return switch (kind) {
            case ABGR -> new BufferedImage(width, height, BufferedImage.TYPE_4BYTE_ABGR);
            case BGR -> new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
            case INT_ARGB -> new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
            case INT_RGB -> new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            case INT_BGR -> new BufferedImage(width, height, BufferedImage.TYPE_INT_BGR);
            case GRAY -> new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
            case INT_ARGB_PRE -> new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
            case ABGR_PRE -> new BufferedImage(width, height, BufferedImage.TYPE_4BYTE_ABGR_PRE);
            case GRAY_16 -> new BufferedImage(width, height, BufferedImage.TYPE_USHORT_GRAY);
            case RGB_565 -> new BufferedImage(width, height, BufferedImage.TYPE_USHORT_565_RGB);
            case RGBA_BYTES -> interleaved(ColorSpace.CS_sRGB, true, width, height, new int[] {0, 1, 2, 3});
            case RGB_BYTES -> interleaved(ColorSpace.CS_sRGB, false, width, height, new int[] {0, 1, 2});
            case GRAY_ALPHA -> interleaved(ColorSpace.CS_GRAY, true, width, height, new int[] {0, 1});
            case LINEAR_RGBA_BYTES -> interleaved(
                    ColorSpace.CS_LINEAR_RGB, true, width, height, new int[] {3, 2, 1, 0});
            case LINEAR_INT_RGB -> {
                ColorModel colors = new DirectColorModel(
                        ColorSpace.getInstance(ColorSpace.CS_LINEAR_RGB),
                        24,
                        0xFF0000,
                        0xFF00,
                        0xFF,
                        0,
                        false,
                        DataBuffer.TYPE_INT);
                yield new BufferedImage(colors, colors.createCompatibleWritableRaster(width, height), false, null);
            }
            case PALETTE_8 -> new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, palette(8, 200));
            case PALETTE_4 -> new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY, palette(4, 16));
            case PALETTE_2 -> new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY, palette(2, 4));
            case PALETTE_1 -> new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY, palette(1, 2));
        };
    }

    private static BufferedImage interleaved(int space, boolean alpha, int width, int height, int[] offsets) {
        ColorModel colors = new ComponentColorModel(
                ColorSpace.getInstance(space),
                alpha,
                false,
                alpha ? Transparency.TRANSLUCENT : Transparency.OPAQUE,
                DataBuffer.TYPE_BYTE);
        SampleModel samples = new PixelInterleavedSampleModel(
                DataBuffer.TYPE_BYTE, width, height, offsets.length, width * offsets.length, offsets);
        return new BufferedImage(colors, Raster.createWritableRaster(samples, new Point()), false, null);
    }

    /** A palette of {@code size} entries, some transparent, for {@code bits}-bit indexes. */
    private static IndexColorModel palette(int bits, int size) {
        Random random = new Random(size);
        byte[] r = new byte[size];
        byte[] g = new byte[size];
        byte[] b = new byte[size];
        byte[] a = new byte[size];
        random.nextBytes(r);
        random.nextBytes(g);
        random.nextBytes(b);
        for (int i = 0; i < size; i++) {
            a[i] = (byte) (i % 3 == 0 ? random.nextInt(256) : 255);
        }
        a[size - 1] = (byte) 255;
        return new IndexColorModel(bits, size, r, g, b, a);
    }

    /** A rendered image that is not a BufferedImage, made of tiles of the given size over {@code image}. */
    static RenderedImage tiled(BufferedImage image, int tileWidth, int tileHeight) {
        return new RenderedImage() {
            @Override
            public Vector<RenderedImage> getSources() {
                return null;
            }

            @Override
            public Object getProperty(String name) {
                return null;
            }

            @Override
            public String[] getPropertyNames() {
                return null;
            }

            @Override
            public ColorModel getColorModel() {
                return image.getColorModel();
            }

            @Override
            public SampleModel getSampleModel() {
                return image.getSampleModel();
            }

            @Override
            public int getWidth() {
                return image.getWidth();
            }

            @Override
            public int getHeight() {
                return image.getHeight();
            }

            @Override
            public int getMinX() {
                return 0;
            }

            @Override
            public int getMinY() {
                return 0;
            }

            @Override
            public int getNumXTiles() {
                return (image.getWidth() + tileWidth - 1) / tileWidth;
            }

            @Override
            public int getNumYTiles() {
                return (image.getHeight() + tileHeight - 1) / tileHeight;
            }

            @Override
            public int getMinTileX() {
                return 0;
            }

            @Override
            public int getMinTileY() {
                return 0;
            }

            @Override
            public int getTileWidth() {
                return tileWidth;
            }

            @Override
            public int getTileHeight() {
                return tileHeight;
            }

            @Override
            public int getTileGridXOffset() {
                return 0;
            }

            @Override
            public int getTileGridYOffset() {
                return 0;
            }

            @Override
            public Raster getTile(int tileX, int tileY) {
                Rectangle bounds = new Rectangle(tileX * tileWidth, tileY * tileHeight, tileWidth, tileHeight)
                        .intersection(new Rectangle(image.getWidth(), image.getHeight()));
                return image.getRaster()
                        .createChild(bounds.x, bounds.y, bounds.width, bounds.height, bounds.x, bounds.y, null);
            }

            @Override
            public Raster getData() {
                return image.getData();
            }

            @Override
            public Raster getData(Rectangle rect) {
                return image.getData(rect);
            }

            @Override
            public WritableRaster copyData(WritableRaster raster) {
                return image.copyData(raster);
            }
        };
    }
}
