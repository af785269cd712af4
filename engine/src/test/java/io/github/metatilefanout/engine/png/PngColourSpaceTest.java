package io.github.metatilefanout.engine.png;

import static io.github.metatilefanout.engine.png.ShownPixels.assertShownAsSource;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Rectangle;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DirectColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sources in every colour space decode to what getRGB shows of them: sRGB and Java's gray samples as they
 * are, other colour spaces converted to sRGB.
 */
class PngColourSpaceTest {

    private static final ColorSpace SRGB = ColorSpace.getInstance(ColorSpace.CS_sRGB);
    private static final ColorSpace LINEAR_RGB = ColorSpace.getInstance(ColorSpace.CS_LINEAR_RGB);
    private static final ColorSpace GRAY = ColorSpace.getInstance(ColorSpace.CS_GRAY);

    static Stream<Arguments> sources() {
        return Stream.of(
                Arguments.of("linear RGBA bytes", component(LINEAR_RGB, true, DataBuffer.TYPE_BYTE)),
                Arguments.of("linear RGB bytes", component(LINEAR_RGB, false, DataBuffer.TYPE_BYTE)),
                Arguments.of("linear RGBA 16 bits", component(LINEAR_RGB, true, DataBuffer.TYPE_USHORT)),
                Arguments.of("linear RGB 16 bits", component(LINEAR_RGB, false, DataBuffer.TYPE_USHORT)),
                Arguments.of(
                        "linear INT_ARGB",
                        new DirectColorModel(
                                LINEAR_RGB, 32, 0xFF0000, 0xFF00, 0xFF, 0xFF000000, false, DataBuffer.TYPE_INT)),
                Arguments.of(
                        "linear INT_RGB",
                        new DirectColorModel(LINEAR_RGB, 24, 0xFF0000, 0xFF00, 0xFF, 0, false, DataBuffer.TYPE_INT)),
                Arguments.of(
                        "PYCC bytes",
                        component(ColorSpace.getInstance(ColorSpace.CS_PYCC), false, DataBuffer.TYPE_BYTE)),
                Arguments.of("gamma 2.2 ICC gray", component(gammaGray(), false, DataBuffer.TYPE_BYTE)),
                Arguments.of("gamma 2.2 ICC gray and alpha", component(gammaGray(), true, DataBuffer.TYPE_BYTE)),
                Arguments.of("sRGB as a copy of its ICC profile", component(copyOf(SRGB), true, DataBuffer.TYPE_BYTE)),
                Arguments.of("TYPE_BYTE_GRAY", model(BufferedImage.TYPE_BYTE_GRAY)),
                Arguments.of("TYPE_USHORT_GRAY", model(BufferedImage.TYPE_USHORT_GRAY)),
                Arguments.of("gray and alpha", component(GRAY, true, DataBuffer.TYPE_BYTE)),
                Arguments.of("gray and alpha 16 bits", component(GRAY, true, DataBuffer.TYPE_USHORT)),
                Arguments.of("sRGB 16 bits", component(SRGB, false, DataBuffer.TYPE_USHORT)),
                Arguments.of("sRGB and alpha 16 bits", component(SRGB, true, DataBuffer.TYPE_USHORT)),
                Arguments.of("palette of 4096 entries in 16-bit samples", palette(12)),
                Arguments.of("sRGB float", component(SRGB, true, DataBuffer.TYPE_FLOAT)),
                Arguments.of(
                        "sRGB 5-bit components in bytes",
                        new ComponentColorModel(
                                SRGB, new int[] {5, 5, 5}, false, false, Transparency.OPAQUE, DataBuffer.TYPE_BYTE)),
                Arguments.of("TYPE_USHORT_565_RGB", model(BufferedImage.TYPE_USHORT_565_RGB)),
                Arguments.of("TYPE_BYTE_INDEXED", model(BufferedImage.TYPE_BYTE_INDEXED)),
                Arguments.of("TYPE_BYTE_BINARY", model(BufferedImage.TYPE_BYTE_BINARY)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void tilesAtOddOffsetsDecodeAsGetRgbShowsThem(String name, ColorModel colors) throws Exception {
        BufferedImage image = TestImages.random(colors, 67, 53, name.length());
        Rectangle[] tiles = {
            new Rectangle(67, 53),
            new Rectangle(1, 1, 65, 51),
            new Rectangle(3, 5, 37, 29),
            new Rectangle(66, 52, 1, 1),
            new Rectangle(7, 0, 1, 53),
            new Rectangle(0, 31, 67, 1)
        };
        for (Rectangle tile : tiles) {
            byte[] png = new PngTileEncoder(tile.x % 10, PngFilter.values()[tile.y % 6]).encode(image, tile);
            PngStructure.check(png, tile.width, tile.height);
            assertShownAsSource(image, tile, png);
        }
        BufferedImage sub = image.getSubimage(5, 3, 50, 41);
        Rectangle tile = new Rectangle(9, 7, 33, 31);
        assertShownAsSource(sub, tile, new PngTileEncoder().encode(sub, tile));
        Rectangle acrossTiles = new Rectangle(11, 13, 40, 30);
        assertShownAsSource(
                image, acrossTiles, new PngTileEncoder().encode(TestImages.tiled(image, 16, 16), acrossTiles));
    }

    /** Every value of every channel, with every alpha, in linear RGB: all converted as getRGB converts them. */
    @Test
    void everyLinearRgbSampleIsConvertedToSrgb() throws Exception {
        BufferedImage image =
                new BufferedImage(component(LINEAR_RGB, true, DataBuffer.TYPE_BYTE), raster(256, 256), false, null);
        for (int y = 0; y < 256; y++) {
            for (int x = 0; x < 256; x++) {
                image.getRaster().setPixel(x, y, new int[] {x, y, (x + y) & 0xFF, x ^ y});
            }
        }
        byte[] png = new PngTileEncoder().encode(image, new Rectangle(256, 256));

        PngStructure.check(png, 256, 256, 8, PixelRows.RGBA);
        assertShownAsSource(image, new Rectangle(256, 256), png);
    }

    /**
     * Java's gray is linear: getRGB shows a sample of 128 as 188. The PNG holds the samples as they are
     * and ImageIO reads a gray PNG back into that same gray, so the decoded tile shows what the source does.
     */
    @Test
    void javaGrayIsWrittenAsPngGrayAndReadsBackAsGetRgbShowsIt() throws Exception {
        BufferedImage image = new BufferedImage(256, 1, BufferedImage.TYPE_BYTE_GRAY);
        for (int x = 0; x < 256; x++) {
            image.getRaster().setSample(x, 0, 0, x);
        }
        byte[] png = new PngTileEncoder().encode(image, new Rectangle(256, 1));

        PngStructure.check(png, 256, 1, 8, PixelRows.GRAY);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(GRAY, decoded.getColorModel().getColorSpace());
        assertEquals(128, decoded.getRaster().getSample(128, 0, 0));
        assertEquals(0xFFBCBCBC, image.getRGB(128, 0));
        assertShownAsSource(image, new Rectangle(256, 1), png);
    }

    @Test
    void grayOfAnotherProfileIsWrittenAsSrgb() throws Exception {
        BufferedImage image = TestImages.random(component(gammaGray(), true, DataBuffer.TYPE_BYTE), 20, 10, 3);
        byte[] png = new PngTileEncoder().encode(image, new Rectangle(20, 10));

        PngStructure.check(png, 20, 10, 8, PixelRows.RGBA);
        assertShownAsSource(image, new Rectangle(20, 10), png);
    }

    private static ColorModel component(ColorSpace space, boolean alpha, int transferType) {
        return new ComponentColorModel(
                space, alpha, false, alpha ? Transparency.TRANSLUCENT : Transparency.OPAQUE, transferType);
    }

    private static ColorModel palette(int bits) {
        byte[] rgba = new byte[4 << bits];
        new Random(bits).nextBytes(rgba);
        return new IndexColorModel(bits, 1 << bits, rgba, 0, true);
    }

    private static ColorModel model(int imageType) {
        return new BufferedImage(1, 1, imageType).getColorModel();
    }

    private static WritableRaster raster(int width, int height) {
        return Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, width, height, 4, null);
    }

    /** A gray ICC colour space whose curve is a gamma of 2.2: not Java's (linear) gray. */
    private static ColorSpace gammaGray() {
        ICC_Profile profile = ICC_Profile.getInstance(
                ICC_Profile.getInstance(ColorSpace.CS_GRAY).getData());
        byte[] curve = {'c', 'u', 'r', 'v', 0, 0, 0, 0, 0, 0, 0, 1, 2, 0x33};
        profile.setData(ICC_Profile.icSigGrayTRCTag, curve);
        return new ICC_ColorSpace(profile);
    }

    private static ColorSpace copyOf(ColorSpace space) {
        return new ICC_ColorSpace(
                ICC_Profile.getInstance(((ICC_ColorSpace) space).getProfile().getData()));
    }
}
