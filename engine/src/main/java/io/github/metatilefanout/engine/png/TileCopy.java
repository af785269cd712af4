package io.github.metatilefanout.engine.png;

import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * A copy of a tile, for what cannot be read in place: a tile spanning several tiles of its image, or
 * premultiplied alpha (the copy is not premultiplied). Layouts the encoder does not read at all (16-bit
 * samples, other colour models) are written by the JDK's PNG writer.
 */
final class TileCopy {

    private TileCopy() {}

    /** The tile's pixels in a new image whose origin is the tile's top-left corner. */
    static BufferedImage of(RenderedImage image, Rectangle tile) {
        WritableRaster raster = Raster.createWritableRaster(
                image.getSampleModel().createCompatibleSampleModel(tile.width, tile.height), new Point(tile.x, tile.y));
        image.copyData(raster);
        ColorModel colors = image.getColorModel();
        WritableRaster pixels = raster.createWritableTranslatedChild(0, 0);
        if (colors.isAlphaPremultiplied()) {
            colors = colors.coerceData(pixels, false);
        }
        return new BufferedImage(colors, pixels, colors.isAlphaPremultiplied(), null);
    }

    /** The JDK's PNG encoding of {@code copy}. */
    static byte[] writeWithImageIo(BufferedImage copy) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        if (!ImageIO.write(copy, "png", out)) {
            throw new IOException("No PNG writer for images of " + copy.getColorModel());
        }
        return out.toByteArray();
    }
}
