package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.awt.image.RenderedImage;
import java.io.IOException;

/**
 * Encodes one tile of a rendered metatile, such as a PNG encoder reading the tile's rows straight from the
 * metatile's raster.
 *
 * <p>Called from several threads at once on the same image: implementations read the image and never
 * modify it.
 */
@FunctionalInterface
public interface TileEncoder {

    /** Encodes the region {@code tileBounds} of {@code metatileImage}. */
    byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException;
}
