package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.MetatileGeometry.Coverage;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.png.TestImages.Kind;
import java.awt.Rectangle;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class PngTileEncoderTest {

    static Stream<Arguments> everyKindFilterAndLevel() {
        return Arrays.stream(Kind.values()).flatMap(kind -> Arrays.stream(PngFilter.values())
                .flatMap(filter -> Stream.of(0, 2, 6, 9).map(level -> Arguments.of(kind, filter, level))));
    }

    @ParameterizedTest(name = "{0} {1} level {2}")
    @MethodSource("everyKindFilterAndLevel")
    void everyTileOfAMetatileWithGutterDecodesToItsSourcePixels(Kind kind, PngFilter filter, int level)
            throws Exception {
        // 3x3 metatile in the middle of the coverage, so it has a gutter on every side; odd tile sizes
        Metatile metatile = new MetatileGeometry(3, 3, 13, 11, 3).metatileOf(tile(4, 4), new Coverage(4, 0, 0, 15, 15));
        BufferedImage image = TestImages.create(kind, metatile.imageWidth(), metatile.imageHeight(), level);
        PngTileEncoder encoder = new PngTileEncoder(level, filter);

        for (int i = 0; i < metatile.tileCount(); i++) {
            assertEncodesExactly(encoder, image, metatile.tileBounds(i));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyPositionOfMetatilesUpToTenByTenWithAndWithoutGutter(Kind kind) throws Exception {
        PngTileEncoder encoder = new PngTileEncoder();
        for (int size : new int[] {1, 2, 4, 10}) {
            for (int gutter : new int[] {0, 5}) {
                Metatile metatile = new MetatileGeometry(size, size, 16, 16, gutter)
                        .metatileOf(tile(12, 12), new Coverage(4, 0, 0, 39, 39));
                BufferedImage image =
                        TestImages.create(kind, metatile.imageWidth(), metatile.imageHeight(), size + gutter);
                for (int i = 0; i < metatile.tileCount(); i++) {
                    assertEncodesExactly(encoder, image, metatile.tileBounds(i));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void oddSizes(Kind kind) throws Exception {
        PngTileEncoder encoder = new PngTileEncoder(6, PngFilter.ADAPTIVE);
        BufferedImage image = TestImages.create(kind, 300, 300, 7);
        assertEncodesExactly(encoder, image, new Rectangle(0, 0, 1, 1));
        assertEncodesExactly(encoder, image, new Rectangle(299, 299, 1, 1));
        assertEncodesExactly(encoder, image, new Rectangle(17, 3, 255, 257));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyInPlaceKindAndFilter")
    void rowsRepeatedInLongRunsOrDifferingInTheirLastPixelOnlyDecodeExactly(Kind kind, PngFilter filter)
            throws Exception {
        // 256 rows of a tile outgrow one deflate batch, so runs of repeated rows cross batches
        BufferedImage image = TestImages.create(kind, 300, 300, 7);
        WritableRaster raster = image.getRaster();
        Object firstRow = raster.getDataElements(0, 0, 300, 1, null);
        Object lastPixel = raster.getDataElements(299, 1, null);
        for (int y = 1; y < 300; y++) {
            raster.setDataElements(0, y, firstRow);
            if (y % 37 == 0) {
                raster.setDataElements(298, y, lastPixel);
            }
        }

        PngTileEncoder encoder = new PngTileEncoder(2, filter);
        assertEncodesExactly(encoder, image, new Rectangle(0, 0, 299, 300));
        assertEncodesExactly(encoder, image, new Rectangle(3, 1, 296, 256));
    }

    static Stream<Arguments> everyInPlaceKindAndFilter() {
        return Arrays.stream(Kind.values())
                .filter(kind -> kind.inPlace)
                .flatMap(kind -> Arrays.stream(PngFilter.values()).map(filter -> Arguments.of(kind, filter)));
    }

    @Test
    void randomizedTypesSizesAndOffsets() throws Exception {
        long seed = 20261122L;
        Random random = new Random(seed);
        for (int round = 0; round < 150; round++) {
            Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
            PngFilter filter = PngFilter.values()[random.nextInt(PngFilter.values().length)];
            int level = random.nextInt(10);
            int width = 1 + random.nextInt(70);
            int height = 1 + random.nextInt(70);
            int x = random.nextInt(40);
            int y = random.nextInt(40);
            BufferedImage image = TestImages.create(kind, x + width + random.nextInt(9), y + height + 1, round);
            String what = "seed " + seed + " round " + round + ": " + kind + " " + filter + " level " + level + " tile "
                    + new Rectangle(x, y, width, height);
            if (random.nextBoolean()) {
                // a sub-image, whose raster is a translated child of the whole image's
                int left = random.nextInt(x + 1);
                int top = random.nextInt(y + 1);
                image = image.getSubimage(left, top, image.getWidth() - left, image.getHeight() - top);
                x -= left;
                y -= top;
                what += " of the sub-image at (" + left + ", " + top + ")";
            }
            try {
                assertEncodesExactly(new PngTileEncoder(level, filter), image, new Rectangle(x, y, width, height));
            } catch (AssertionError | Exception e) {
                throw new AssertionError(what, e);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"ABGR", "PALETTE_8", "INT_RGB"})
    void imagesThatAreNotBufferedImagesAreReadTileByTile(Kind kind) throws Exception {
        BufferedImage image = TestImages.create(kind, 96, 64, 3);
        RenderedImage tiled = TestImages.tiled(image, 32, 32);
        PngTileEncoder encoder = new PngTileEncoder();

        byte[] insideOneTile = encoder.encode(tiled, new Rectangle(32, 32, 32, 32));
        byte[] acrossTiles = encoder.encode(tiled, new Rectangle(16, 16, 32, 32));

        assertPixelsEqual(image, new Rectangle(32, 32, 32, 32), insideOneTile);
        assertPixelsEqual(image, new Rectangle(16, 16, 32, 32), acrossTiles);
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"ABGR", "RGB_BYTES", "GRAY_ALPHA", "PALETTE_8"})
    void rastersWithPaddedRowsAndSubImagesAreReadInPlace(Kind kind) throws Exception {
        BufferedImage padded = padded(TestImages.create(kind, 40, 30, 11), 0);
        BufferedImage sub = padded.getSubimage(2, 1, 30, 25);

        assertNotNull(RasterRows.of(padded, new Rectangle(3, 5, 31, 20)), "read in place");
        assertNotNull(RasterRows.of(sub, new Rectangle(1, 4, 29, 21)), "read in place");
        assertEncodesExactly(new PngTileEncoder(), padded, new Rectangle(3, 5, 31, 20));
        assertEncodesExactly(new PngTileEncoder(), sub, new Rectangle(1, 4, 29, 21));
    }

    /**
     * The JDK's byte rasters ignore a data buffer's offset in getRGB and setRect while its sample model
     * applies it in getPixels; such a tile is encoded as getRGB shows it.
     */
    @Test
    void dataBuffersWithAnOffsetAreEncodedAsGetRgbShowsThem() throws Exception {
        BufferedImage offset = padded(TestImages.create(Kind.ABGR, 40, 30, 11), 7);

        assertEncodesExactly(new PngTileEncoder(), offset, new Rectangle(3, 5, 31, 20));
    }

    /** A copy of {@code image} whose rows are 13 bytes longer than needed, in a buffer starting at offset. */
    private static BufferedImage padded(BufferedImage image, int offset) {
        int bands = image.getSampleModel().getNumBands();
        int stride = image.getWidth() * bands + 13;
        byte[] data = new byte[offset + stride * image.getHeight()];
        int[] bandOffsets = ((ComponentSampleModel) image.getSampleModel()).getBandOffsets();
        WritableRaster raster = Raster.createInterleavedRaster(
                new DataBufferByte(data, data.length - offset, offset),
                image.getWidth(),
                image.getHeight(),
                stride,
                bands,
                bandOffsets,
                null);
        raster.setRect(image.getRaster());
        return new BufferedImage(image.getColorModel(), raster, false, null);
    }

    @Test
    void tilesNotInsideTheImageAreRejected() {
        BufferedImage image = new BufferedImage(300, 200, BufferedImage.TYPE_4BYTE_ABGR);
        PngTileEncoder encoder = new PngTileEncoder();

        IllegalArgumentException overhanging = assertThrows(
                IllegalArgumentException.class, () -> encoder.encode(image, new Rectangle(200, 0, 256, 256)));
        assertThrows(IllegalArgumentException.class, () -> encoder.encode(image, new Rectangle(-1, 0, 10, 10)));
        assertThrows(IllegalArgumentException.class, () -> encoder.encode(image, new Rectangle(0, 0, 0, 10)));
        assertEquals(
                "tile bounds are 256x256 at (200, 0); allowed is a non-empty rectangle inside the image's bounds"
                        + " 300x200 at (0, 0)",
                overhanging.getMessage());
    }

    @Test
    void threadsEncodingTilesOfOneMetatileAtOnceGetTheSameBytesAsOneThread() throws Exception {
        BufferedImage image = TestImages.create(Kind.ABGR, 256, 256, 9);
        PngTileEncoder encoder = new PngTileEncoder(6, PngFilter.PAETH);
        List<Rectangle> tiles = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            tiles.add(new Rectangle(i % 4 * 64, i / 4 * 64, 64, 64));
        }
        List<byte[]> alone = new ArrayList<>();
        for (Rectangle tile : tiles) {
            alone.add(encoder.encode(image, tile));
        }

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<byte[]>> together = new ArrayList<>();
            for (int round = 0; round < 8; round++) {
                for (Rectangle tile : tiles) {
                    together.add(pool.submit(() -> encoder.encode(image, tile)));
                }
            }
            for (int i = 0; i < together.size(); i++) {
                assertArrayEquals(alone.get(i % tiles.size()), together.get(i).get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void uniformTilesAreAnsweredWithIdenticalBytes() throws Exception {
        PngTileEncoder encoder = new PngTileEncoder(); // its cache is empty: the first tile is deflated
        BufferedImage empty = new BufferedImage(512, 256, BufferedImage.TYPE_4BYTE_ABGR);

        byte[] first = encoder.encode(empty, new Rectangle(0, 0, 256, 256));
        byte[] second = encoder.encode(empty, new Rectangle(256, 0, 256, 256));

        assertArrayEquals(first, second);
        assertNotSame(first, second);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(first));
        assertEquals(0, decoded.getRGB(100, 100));
        PngStructure.check(first, 256, 256, 8, 6);
    }

    @Test
    void uniformTilesOfDifferentPalettesOrColoursAreNotConfused() throws Exception {
        PngTileEncoder encoder = new PngTileEncoder();
        for (Kind kind : EnumSet.of(Kind.PALETTE_8, Kind.PALETTE_4, Kind.ABGR, Kind.INT_RGB, Kind.GRAY)) {
            BufferedImage image = TestImages.create(kind, 64, 32, 1);
            for (int value : new int[] {1, 2}) {
                Raster uniform = uniformRaster(image, value);
                image.getRaster().setRect(0, 0, uniform);
                assertEncodesExactly(encoder, image, new Rectangle(0, 0, 32, 32));
            }
        }
    }

    @Test
    void uniformTilesOfEveryPixelLayoutShareOneCacheWithoutMixingColours() throws Exception {
        PngTileEncoder encoder = new PngTileEncoder();
        int[] types = {
            BufferedImage.TYPE_4BYTE_ABGR,
            BufferedImage.TYPE_INT_ARGB,
            BufferedImage.TYPE_3BYTE_BGR,
            BufferedImage.TYPE_INT_RGB,
            BufferedImage.TYPE_INT_BGR,
            BufferedImage.TYPE_INT_ARGB_PRE,
            BufferedImage.TYPE_4BYTE_ABGR_PRE
        };
        // the same four byte values in every order a layout may store them in
        int[] colours = {0x04010203, 0x01020304, 0x04030201, 0x03040102};
        for (int type : types) {
            for (int colour : colours) {
                BufferedImage image = new BufferedImage(64, 32, type);
                for (int y = 0; y < 32; y++) {
                    for (int x = 0; x < 64; x++) {
                        image.setRGB(x, y, colour);
                    }
                }
                assertEncodesExactly(encoder, image, new Rectangle(32, 0, 32, 32));
            }
        }
    }

    @Test
    void indexesBeyondAShortPaletteShowAsJavaShowsThem() throws Exception {
        BufferedImage image = TestImages.create(Kind.PALETTE_8, 16, 16, 5);
        image.getRaster().setSample(3, 4, 0, 250); // the palette has 200 entries

        assertEncodesExactly(new PngTileEncoder(), image, new Rectangle(0, 0, 16, 16));
    }

    @Test
    void geoServerCompressionPercentMapsToDeflateLevels() {
        assertEquals(2, PngTileEncoder.levelForGeoServerCompression(25));
        assertEquals(0, PngTileEncoder.levelForGeoServerCompression(0));
        assertEquals(5, PngTileEncoder.levelForGeoServerCompression(50));
        assertEquals(9, PngTileEncoder.levelForGeoServerCompression(100));
        assertEquals(
                "PNG compression is 101%; allowed range is 0 to 100",
                assertThrows(IllegalArgumentException.class, () -> PngTileEncoder.levelForGeoServerCompression(101))
                        .getMessage());
        assertEquals(
                "PNG compression level is 10; allowed range is 0 to 9",
                assertThrows(IllegalArgumentException.class, () -> new PngTileEncoder(10, PngFilter.NONE))
                        .getMessage());
    }

    private static Raster uniformRaster(BufferedImage image, int value) {
        var raster = image.getRaster().createCompatibleWritableRaster(32, 32);
        int[] pixel = new int[raster.getNumBands()];
        Arrays.fill(pixel, value);
        for (int y = 0; y < 32; y++) {
            for (int x = 0; x < 32; x++) {
                raster.setPixel(x, y, pixel);
            }
        }
        return raster;
    }

    private static TileKey tile(long x, long y) {
        return new TileKey("roads", "EPSG:4326", "png", null, x, y, 4);
    }

    /** Encodes the tile, checks the PNG's structure and that it decodes to exactly the source pixels. */
    private static void assertEncodesExactly(PngTileEncoder encoder, BufferedImage image, Rectangle tile)
            throws Exception {
        byte[] png = encoder.encode(image, tile);
        PixelRows rows = RasterRows.of(image, tile);
        if (rows != null) {
            PngStructure.check(png, tile.width, tile.height, rows.bitDepth, rows.colorType);
        } else {
            PngStructure.check(png, tile.width, tile.height);
        }
        assertPixelsEqual(image, tile, png);
    }

    private static void assertPixelsEqual(BufferedImage image, Rectangle tile, byte[] png) throws Exception {
        ShownPixels.assertShownAsSource(image, tile, png);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage source = image.getSubimage(tile.x, tile.y, tile.width, tile.height);
        if (image.getColorModel() instanceof IndexColorModel) {
            assertArrayEquals(samples(source), samples(decoded), "palette indexes");
        } else if (image.getColorModel().getColorSpace() == ColorSpace.getInstance(ColorSpace.CS_GRAY)
                && !image.isAlphaPremultiplied()) {
            assertArrayEquals(samples(source), samples(decoded), "gray samples");
        }
    }

    private static int[] samples(BufferedImage image) {
        return image.getRaster().getPixels(0, 0, image.getWidth(), image.getHeight(), (int[]) null);
    }
}
