package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.TileEncoder;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * Encodes a tile with the JDK's ImageIO PNG writer, reading a view of the metatile's raster (no pixel
 * copy): RGBA PNG for {@code TYPE_4BYTE_ABGR} metatiles, 8-bit palette PNG for indexed ones.
 */
public final class ImageIoPngEncoder implements TileEncoder {

    static {
        ImageIO.setUseCache(false);
    }

    @Override
    public byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException {
        if (!(metatileImage instanceof BufferedImage image)) {
            throw new IOException(
                    "Expected a BufferedImage, got " + metatileImage.getClass().getName());
        }
        BufferedImage tile = image.getSubimage(tileBounds.x, tileBounds.y, tileBounds.width, tileBounds.height);
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        if (!ImageIO.write(tile, "png", out)) {
            throw new IOException("No ImageIO PNG writer for images of type " + image.getType());
        }
        return out.toByteArray();
    }
}
