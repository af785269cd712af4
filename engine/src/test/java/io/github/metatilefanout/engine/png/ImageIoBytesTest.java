package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.MetatileGeometry.Coverage;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.png.TestImages.Kind;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link PngTileEncoder#imageIoBytes()} writes each tile in exactly the bytes the JDK's PNG writer writes for
 * the tile's sub-image with its default parameters, as GeoWebCache writes its tiles.
 */
class ImageIoBytesTest {

    private final PngTileEncoder encoder = PngTileEncoder.imageIoBytes();

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyTileOfAMetatileWithGutterIsWrittenInImageIosBytes(Kind kind) throws Exception {
        Metatile metatile = new MetatileGeometry(3, 3, 64, 48, 7).metatileOf(tile(4, 4), new Coverage(4, 0, 0, 15, 15));
        BufferedImage image = TestImages.create(kind, metatile.imageWidth(), metatile.imageHeight(), kind.ordinal());
        for (int i = 0; i < metatile.tileCount(); i++) {
            assertImageIoBytes(image, metatile.tileBounds(i));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void tilesWhoseCompressedDataPasses32KBAreSplitIntoImageIosIdatChunks(Kind kind) throws Exception {
        BufferedImage image = TestImages.random(TestImages.create(kind, 1, 1, 0).getColorModel(), 600, 600, 7);
        Rectangle tile = new Rectangle(44, 44, 512, 512);
        byte[] png = assertImageIoBytes(image, tile);
        assertTrue(png.length > 40_000 || kind.name().startsWith("PALETTE_"), "several IDAT chunks: " + png.length);
    }

    @Test
    void paletteWithTransparentEntriesAfterOpaqueOnesIsReorderedAsImageIoDoes() throws Exception {
        byte[] r = {10, 20, 30, 40, 50, 60};
        byte[] g = {11, 21, 31, 41, 51, 61};
        byte[] b = {12, 22, 32, 42, 52, 62};
        byte[] a = {(byte) 255, 0, (byte) 255, (byte) 128, (byte) 255, 0};
        for (int bits : new int[] {8, 4}) {
            IndexColorModel colors = new IndexColorModel(bits, 6, r, g, b, a);
            assertImageIoBytes(TestImages.random(colors, 90, 70, bits), new Rectangle(5, 3, 64, 64));
        }
    }

    @Test
    void grayRampPalettesAreWrittenAsImageIoWritesThem() throws Exception {
        for (int bits : new int[] {1, 2, 4, 8}) {
            int size = 1 << bits;
            byte[] ramp = new byte[size];
            for (int i = 0; i < size; i++) {
                ramp[i] = (byte) (i * (255 / (size - 1)));
            }
            IndexColorModel gray = new IndexColorModel(bits, size, ramp, ramp, ramp);
            assertImageIoBytes(TestImages.random(gray, 80, 80, bits), new Rectangle(8, 8, 64, 64));
        }
    }

    @Test
    void uniformTilesAreWrittenInImageIosBytesEachTime() throws Exception {
        for (Kind kind : new Kind[] {Kind.ABGR, Kind.PALETTE_8, Kind.PALETTE_4}) {
            BufferedImage blank = TestImages.create(kind, 1, 1, 0);
            BufferedImage image = new BufferedImage(
                    blank.getColorModel(), blank.getColorModel().createCompatibleWritableRaster(512, 256), false, null);
            assertImageIoBytes(image, new Rectangle(0, 0, 256, 256));
            assertImageIoBytes(image, new Rectangle(256, 0, 256, 256));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void imagesThatAreNotBufferedImagesAreWrittenInImageIosBytes(Kind kind) throws Exception {
        BufferedImage image = TestImages.create(kind, 128, 128, 3);
        RenderedImage tiled = TestImages.tiled(image, 64, 64);
        for (Rectangle tile : new Rectangle[] {new Rectangle(0, 0, 64, 64), new Rectangle(32, 32, 64, 64)}) {
            assertArrayEquals(
                    imageIo(image.getSubimage(tile.x, tile.y, tile.width, tile.height)), encoder.encode(tiled, tile));
        }
    }

    @Test
    void randomSizesOffsetsAndContent() throws Exception {
        Random random = new Random(42);
        Kind[] kinds = Kind.values();
        for (int i = 0; i < 200; i++) {
            Kind kind = kinds[random.nextInt(kinds.length)];
            int width = 1 + random.nextInt(300);
            int height = 1 + random.nextInt(300);
            BufferedImage image = TestImages.create(kind, width, height, random.nextLong());
            int x = random.nextInt(width);
            int y = random.nextInt(height);
            assertImageIoBytes(
                    image, new Rectangle(x, y, 1 + random.nextInt(width - x), 1 + random.nextInt(height - y)));
        }
    }

    private byte[] assertImageIoBytes(BufferedImage image, Rectangle tile) throws IOException {
        byte[] expected = imageIo(image.getSubimage(tile.x, tile.y, tile.width, tile.height));
        byte[] png = encoder.encode(image, tile);
        assertArrayEquals(expected, png, () -> image.getColorModel() + " " + tile);
        return png;
    }

    /** What GeoWebCache writes: the first PNG writer, its default parameters, the tile's sub-image. */
    private static byte[] imageIo(RenderedImage tile) throws IOException {
        return ImageIoPngWriter.write(tile);
    }

    private static TileKey tile(long x, long y) {
        return new TileKey("roads", "EPSG:900913", "png", null, x, y, 4);
    }

    @Test
    void theOracleIsTheJdksWriter() {
        assertEquals(
                "com.sun.imageio.plugins.png.PNGImageWriter",
                ImageIO.getImageWritersByFormatName("png").next().getClass().getName());
    }
}
