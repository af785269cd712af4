package io.github.metatilefanout.engine.png;

import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.SampleModel;
import java.awt.image.WritableRaster;

/**
 * A copy of a tile, for what cannot be read in place: a tile spanning several tiles of its image, a data
 * buffer with an offset, or samples the encoder converts through {@link ArgbRows}. The copy has the
 * source's samples and colour model, premultiplied alpha included, so getRGB shows it as it shows the
 * source. 16-bit samples in sRGB or Java's gray are written by the JDK's PNG writer, which keeps them.
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
        return new BufferedImage(colors, pixels, colors.isAlphaPremultiplied(), null);
    }

    /**
     * Whether the JDK's PNG writer keeps {@code copy} whole, as getRGB shows it: 16-bit samples, not
     * premultiplied, in sRGB or Java's gray (which it writes as PNG gray, as the encoder does).
     */
    static boolean isForImageIo(BufferedImage copy) {
        ColorModel colors = copy.getColorModel();
        SampleModel samples = copy.getSampleModel();
        if (!(colors instanceof ComponentColorModel)
                || colors.isAlphaPremultiplied()
                || colors.getTransferType() != DataBuffer.TYPE_USHORT
                || !RasterRows.keepsSamples(colors.getColorSpace())
                || samples.getNumBands() != colors.getNumComponents()) {
            return false;
        }
        for (int c = 0; c < colors.getNumComponents(); c++) {
            if (colors.getComponentSize(c) != 16 || samples.getSampleSize(c) != 16) {
                return false;
            }
        }
        return true;
    }
}
