package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.metatilefanout.engine.png.TestImages.Kind;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link PngReader} reads what ImageIO reads, or leaves the PNG to it. */
class PngReaderTest {

    @ParameterizedTest
    @EnumSource(PngFilter.class)
    void rgbaAndRgbPngsOfEveryFilterReadAsImageIoReadsThem(PngFilter filter) throws Exception {
        for (Kind kind : new Kind[] {Kind.ABGR, Kind.BGR, Kind.RGBA_BYTES, Kind.RGB_BYTES}) {
            BufferedImage source = TestImages.create(kind, 131, 97, kind.ordinal());
            byte[] png = new PngTileEncoder(6, filter).encode(source, new Rectangle(0, 0, 131, 97));
            assertReadAsImageIoReads(png);
        }
    }

    @Test
    void compressedDataInManyIdatChunksIsRead() throws Exception {
        BufferedImage noise =
                TestImages.random(TestImages.create(Kind.ABGR, 1, 1, 0).getColorModel(), 600, 500, 3);
        byte[] png = PngTileEncoder.imageIoBytes().encode(noise, new Rectangle(0, 0, 600, 500));
        assertReadAsImageIoReads(png);
    }

    @Test
    void tilesWrittenFromTheImageAreTheBytesOfTilesWrittenFromImageIosImage() throws Exception {
        BufferedImage source = TestImages.create(Kind.ABGR, 1088, 1088, 9);
        byte[] png = new PngTileEncoder(1, PngFilter.ADAPTIVE).encode(source, new Rectangle(0, 0, 1088, 1088));
        BufferedImage read = PngReader.read(png);
        BufferedImage imageIos = ImageIO.read(new ByteArrayInputStream(png));
        PngTileEncoder encoder = PngTileEncoder.imageIoBytes();
        for (Rectangle tile : new Rectangle[] {new Rectangle(32, 32, 256, 256), new Rectangle(800, 544, 256, 256)}) {
            byte[] expected = ImageIoPngWriter.write(imageIos.getSubimage(tile.x, tile.y, tile.width, tile.height));
            assertArrayEquals(expected, encoder.encode(read, tile));
            assertArrayEquals(
                    expected,
                    ImageIoPngWriter.write(read.getSubimage(tile.x, tile.y, tile.width, tile.height)),
                    "the JDK's writer");
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"PALETTE_8", "PALETTE_4", "PALETTE_1", "GRAY", "GRAY_ALPHA", "GRAY_16"})
    void otherPixelTypesAreLeftToImageIo(Kind kind) throws Exception {
        BufferedImage source = TestImages.create(kind, 40, 30, 1);
        assertNull(PngReader.read(ImageIoPngWriter.write(source)));
    }

    @Test
    void interlacedPngsAreLeftToImageIo() throws Exception {
        BufferedImage source = TestImages.create(Kind.ABGR, 40, 30, 1);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
            writer.write(null, new IIOImage(source, null, null), param);
        } finally {
            writer.dispose();
        }
        assertNotNull(ImageIO.read(new ByteArrayInputStream(bytes.toByteArray())));
        assertNull(PngReader.read(bytes.toByteArray()));
    }

    @Test
    void pngsWithAnotherChunkOrDamagedAreLeftToImageIo() throws IOException {
        BufferedImage source = TestImages.create(Kind.ABGR, 40, 30, 1);
        byte[] png = ImageIoPngWriter.write(source);
        assertNotNull(PngReader.read(png));
        assertNull(PngReader.read(withChunkAfterHeader(png, "gAMA", new byte[] {0, 0, (byte) 0xB1, (byte) 0x8F})));
        assertNull(PngReader.read(withChunkAfterHeader(png, "tRNS", new byte[] {0, 1, 0, 2, 0, 3})));
        assertNull(PngReader.read(Arrays.copyOf(png, png.length - 20)), "truncated");
        byte[] flipped = png.clone();
        flipped[60] ^= 0x55;
        BufferedImage damaged = PngReader.read(flipped);
        if (damaged != null) {
            // a flip deflate cannot notice changes pixels only: then ImageIO reads the same pixels
            assertSamePixels(ImageIO.read(new ByteArrayInputStream(flipped)), damaged);
        }
        assertNull(PngReader.read(new byte[] {1, 2, 3}));
    }

    private static void assertReadAsImageIoReads(byte[] png) throws IOException {
        BufferedImage expected = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage read = PngReader.read(png);
        assertNotNull(read);
        ColorModel e = expected.getColorModel();
        ColorModel r = read.getColorModel();
        assertEquals(e.getClass(), r.getClass());
        assertEquals(e.getColorSpace(), r.getColorSpace());
        assertEquals(e.hasAlpha(), r.hasAlpha());
        assertEquals(e.isAlphaPremultiplied(), r.isAlphaPremultiplied());
        assertEquals(e.getTransparency(), r.getTransparency());
        assertArrayEquals(e.getComponentSize(), r.getComponentSize());
        assertSamePixels(expected, read);
    }

    private static void assertSamePixels(BufferedImage expected, BufferedImage read) {
        int w = expected.getWidth();
        int h = expected.getHeight();
        assertEquals(w, read.getWidth());
        assertEquals(h, read.getHeight());
        assertArrayEquals(expected.getRGB(0, 0, w, h, null, 0, w), read.getRGB(0, 0, w, h, null, 0, w));
        assertArrayEquals(
                expected.getRaster().getPixels(0, 0, w, h, (int[]) null),
                read.getRaster().getPixels(0, 0, w, h, (int[]) null));
    }

    /** {@code png} with a chunk of {@code type} and {@code data} right after IHDR. */
    private static byte[] withChunkAfterHeader(byte[] png, String type, byte[] data) {
        int at = 8 + 25;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, at);
        byte[] typeBytes = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.writeBytes(new byte[] {0, 0, 0, (byte) data.length});
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        int value = (int) crc.getValue();
        out.writeBytes(new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value});
        out.write(png, at, png.length - at);
        return out.toByteArray();
    }
}
