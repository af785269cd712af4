package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.png.TestImages.Kind;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
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

/**
 * {@link PngReader} reads what ImageIO reads, or leaves the PNG to it; a PNG of another size than the GetMap's it
 * refuses before allocating anything.
 */
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
        BufferedImage read = PngReader.read(png, 1088, 1088);
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
        assertNull(PngReader.read(ImageIoPngWriter.write(source), 40, 30));
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
        assertNull(PngReader.read(bytes.toByteArray(), 40, 30));
    }

    @Test
    void pngsWithAnotherChunkOrDamagedAreLeftToImageIo() throws IOException {
        BufferedImage source = TestImages.create(Kind.ABGR, 40, 30, 1);
        byte[] png = ImageIoPngWriter.write(source);
        assertNotNull(PngReader.read(png, 40, 30));
        assertNull(
                PngReader.read(withChunkAfterHeader(png, "gAMA", new byte[] {0, 0, (byte) 0xB1, (byte) 0x8F}), 40, 30));
        assertNull(PngReader.read(withChunkAfterHeader(png, "tRNS", new byte[] {0, 1, 0, 2, 0, 3}), 40, 30));
        assertNull(PngReader.read(Arrays.copyOf(png, png.length - 20), 40, 30), "truncated");
        byte[] flipped = png.clone();
        flipped[60] ^= 0x55;
        BufferedImage damaged = PngReader.read(flipped, 40, 30);
        if (damaged != null) {
            // a flip deflate cannot notice changes pixels only: then ImageIO reads the same pixels
            assertSamePixels(ImageIO.read(new ByteArrayInputStream(flipped)), damaged);
        }
        assertNull(PngReader.read(new byte[] {1, 2, 3}, 40, 30));
    }

    /**
     * A WMS answering 8192 x 8192 pixels (256 MiB of RGBA) in a PNG of a few bytes, where the GetMap asked for
     * 1024 x 1024: refused from its header, before anything of its size is allocated, and not left to ImageIO
     * (which would allocate as much).
     */
    @Test
    void aPngAnnouncingAnotherSizeThanTheGetMapsIsRefusedBeforeItsImageIsAllocated() {
        byte[] huge = pngOfHeader(8192, 8192, 6);
        long before = allocatedBytes();
        IOException refused = assertThrows(IOException.class, () -> PngReader.read(huge, 1024, 1024));
        long allocated = allocatedBytes() - before;
        assertEquals("The PNG is 8192 x 8192 pixels, not the 1024 x 1024 asked for", refused.getMessage());
        assertTrue(allocated < 1 << 20, allocated + " bytes allocated");
    }

    /** The size is checked first, for the PNGs left to ImageIO too, and either way round. */
    @Test
    void everyPngOfAnotherSizeIsRefusedOnlyItsSizeIsChecked() throws IOException {
        byte[] palette = ImageIoPngWriter.write(TestImages.create(Kind.PALETTE_8, 40, 30, 1));
        assertNull(PngReader.read(palette, 40, 30));
        assertThrows(IOException.class, () -> PngReader.read(palette, 40, 31));
        byte[] rgba = ImageIoPngWriter.write(TestImages.create(Kind.ABGR, 40, 30, 1));
        assertThrows(IOException.class, () -> PngReader.read(rgba, 39, 30));
        assertThrows(IOException.class, () -> PngReader.read(rgba, 30, 40));
        assertThrows(IOException.class, () -> PngReader.read(pngOfHeader(40, 30, 2), 8192, 8192));
    }

    /** The bytes the current thread has allocated so far. */
    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** A PNG whose IHDR announces {@code width} x {@code height} 8-bit pixels of {@code colorType}, with no pixels. */
    private static byte[] pngOfHeader(int width, int height, int colorType) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height);
        header.put((byte) 8).put((byte) colorType).put((byte) 0).put((byte) 0).put((byte) 0);
        writeChunk(out, "IHDR", header.array());
        writeChunk(out, "IDAT", new byte[] {0x78, (byte) 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
        writeChunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void assertReadAsImageIoReads(byte[] png) throws IOException {
        BufferedImage expected = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage read = PngReader.read(png, expected.getWidth(), expected.getHeight());
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
        writeChunk(out, type, data);
        out.write(png, at, png.length - at);
        return out.toByteArray();
    }

    private static void writeChunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
