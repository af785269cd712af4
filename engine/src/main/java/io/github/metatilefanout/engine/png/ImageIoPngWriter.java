package io.github.metatilefanout.engine.png;

import java.awt.image.RenderedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** GeoWebCache's way of writing a PNG tile: ImageIO's first PNG writer, with its default parameters. */
final class ImageIoPngWriter {

    private static final String JDK_WRITER = "com.sun.imageio.plugins.png.PNGImageWriter";

    private ImageIoPngWriter() {}

    static boolean isTheJdks() {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        return writers.hasNext() && writers.next().getClass().getName().equals(JDK_WRITER);
    }

    static byte[] write(RenderedImage tile) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        if (!writers.hasNext()) {
            throw new IOException("ImageIO has no PNG writer");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 * 1024);
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(tile, null, null), writer.getDefaultWriteParam());
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
