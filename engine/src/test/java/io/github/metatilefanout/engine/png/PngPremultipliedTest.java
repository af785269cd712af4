package io.github.metatilefanout.engine.png;

import static io.github.metatilefanout.engine.png.ShownPixels.assertShownAsSource;

import java.awt.Rectangle;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DirectColorModel;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Premultiplied sources decode to exactly what getRGB shows of them, for every colour and alpha stored. */
class PngPremultipliedTest {

    private static final Rectangle[] ODD_TILES = {
        new Rectangle(1, 3, 255, 253),
        new Rectangle(17, 101, 64, 77),
        new Rectangle(255, 255, 1, 1),
        new Rectangle(0, 200, 256, 56),
        new Rectangle(129, 0, 3, 256)
    };

    @ParameterizedTest
    @ValueSource(ints = {BufferedImage.TYPE_4BYTE_ABGR_PRE, BufferedImage.TYPE_INT_ARGB_PRE})
    void everyColourAndAlphaPairDecodesAsGetRgbShowsIt(int type) throws Exception {
        BufferedImage image = everyPair(new BufferedImage(256, 256, type));

        assertEncodedAsShown(new PngTileEncoder(), image, new Rectangle(256, 256));
    }

    /** Samples greater than their alpha are no colour; the PNG still holds what getRGB makes of them. */
    @ParameterizedTest
    @ValueSource(ints = {BufferedImage.TYPE_4BYTE_ABGR_PRE, BufferedImage.TYPE_INT_ARGB_PRE})
    void samplesGreaterThanTheirAlphaDecodeAsGetRgbShowsThem(int type) throws Exception {
        BufferedImage image = new BufferedImage(256, 256, type);
        for (int a = 0; a < 256; a++) {
            for (int c = 0; c < 256; c++) {
                image.getRaster().setPixel(c, a, new int[] {c, 255 - c, c / 2, a});
            }
        }

        assertEncodedAsShown(new PngTileEncoder(), image, new Rectangle(256, 256));
    }

    @ParameterizedTest
    @ValueSource(ints = {BufferedImage.TYPE_4BYTE_ABGR_PRE, BufferedImage.TYPE_INT_ARGB_PRE})
    void tilesAtOddOffsetsWithEveryFilter(int type) throws Exception {
        BufferedImage image = everyPair(new BufferedImage(256, 256, type));
        for (PngFilter filter : PngFilter.values()) {
            PngTileEncoder encoder = new PngTileEncoder(filter.ordinal() % 10, filter);
            for (Rectangle tile : ODD_TILES) {
                assertEncodedAsShown(encoder, image, tile);
            }
        }
    }

    @Test
    void otherPremultipliedLayoutsOfEveryPair() throws Exception {
        ColorSpace srgb = ColorSpace.getInstance(ColorSpace.CS_sRGB);
        ColorModel rgbaBytes =
                new ComponentColorModel(srgb, true, true, Transparency.TRANSLUCENT, DataBuffer.TYPE_BYTE);
        ColorModel grayAlpha = new ComponentColorModel(
                ColorSpace.getInstance(ColorSpace.CS_GRAY), true, true, Transparency.TRANSLUCENT, DataBuffer.TYPE_BYTE);
        ColorModel bgraInts = new DirectColorModel(
                srgb, 32, 0x0000FF00, 0x00FF0000, 0xFF000000, 0x000000FF, true, DataBuffer.TYPE_INT);
        for (ColorModel colors : new ColorModel[] {rgbaBytes, grayAlpha, bgraInts}) {
            BufferedImage image = everyPair(image(colors, 256, 256));
            assertEncodedAsShown(new PngTileEncoder(), image, new Rectangle(256, 256));
            assertEncodedAsShown(new PngTileEncoder(), image, ODD_TILES[1]);
        }
    }

    @Test
    void sixteenBitPremultipliedSamples() throws Exception {
        ColorModel colors = new ComponentColorModel(
                ColorSpace.getInstance(ColorSpace.CS_sRGB),
                true,
                true,
                Transparency.TRANSLUCENT,
                DataBuffer.TYPE_USHORT);
        BufferedImage image = image(colors, 256, 256);
        Random random = new Random(16);
        for (int y = 0; y < 256; y++) {
            for (int x = 0; x < 256; x++) {
                int alpha = y * 257 + random.nextInt(257) - (y == 255 ? 256 : 0);
                int colour = x * alpha / 255;
                image.getRaster().setPixel(x, y, new int[] {colour, alpha - colour, random.nextInt(alpha + 1), alpha});
            }
        }
        assertEncodedAsShown(new PngTileEncoder(), image, new Rectangle(256, 256));
        assertEncodedAsShown(new PngTileEncoder(), image, ODD_TILES[0]);
    }

    @Test
    void premultipliedImagesThatAreNotBufferedImages() throws Exception {
        BufferedImage image = everyPair(new BufferedImage(256, 256, BufferedImage.TYPE_INT_ARGB_PRE));
        var tiled = TestImages.tiled(image, 64, 64);
        PngTileEncoder encoder = new PngTileEncoder();

        Rectangle insideOneTile = new Rectangle(64, 128, 64, 64);
        Rectangle acrossTiles = new Rectangle(33, 97, 130, 101);
        assertShownAsSource(image, insideOneTile, encoder.encode(tiled, insideOneTile));
        assertShownAsSource(image, acrossTiles, encoder.encode(tiled, acrossTiles));
    }

    /**
     * Stores every pair of a colour sample {@code c} and an alpha {@code a >= c} in every colour band, raw:
     * pixel (c, a) holds c in the even colour bands and a - c in the odd ones. The pixels with c > a, which
     * would not be premultiplied colours, hold opaque ones instead (c - a - 1 in every colour band).
     */
    private static BufferedImage everyPair(BufferedImage image) {
        WritableRaster raster = image.getRaster();
        int alphaBand = raster.getNumBands() - 1;
        int[] pixel = new int[raster.getNumBands()];
        for (int a = 0; a < 256; a++) {
            for (int c = 0; c < 256; c++) {
                for (int band = 0; band < alphaBand; band++) {
                    pixel[band] = c > a ? c - a - 1 : band % 2 == 0 ? c : a - c;
                }
                pixel[alphaBand] = c > a ? 255 : a;
                raster.setPixel(c, a, pixel);
            }
        }
        return image;
    }

    private static BufferedImage image(ColorModel colors, int width, int height) {
        WritableRaster raster = colors instanceof ComponentColorModel
                ? Raster.createWritableRaster(
                        new PixelInterleavedSampleModel(
                                colors.getTransferType(),
                                width,
                                height,
                                colors.getNumComponents(),
                                width * colors.getNumComponents(),
                                bandOffsets(colors.getNumComponents())),
                        null)
                : colors.createCompatibleWritableRaster(width, height);
        return new BufferedImage(colors, raster, colors.isAlphaPremultiplied(), null);
    }

    private static int[] bandOffsets(int bands) {
        int[] offsets = new int[bands];
        for (int b = 0; b < bands; b++) {
            offsets[b] = b;
        }
        return offsets;
    }

    private static void assertEncodedAsShown(PngTileEncoder encoder, BufferedImage image, Rectangle tile)
            throws Exception {
        byte[] png = encoder.encode(image, tile);
        PngStructure.check(png, tile.width, tile.height);
        assertShownAsSource(image, tile, png);
    }
}
