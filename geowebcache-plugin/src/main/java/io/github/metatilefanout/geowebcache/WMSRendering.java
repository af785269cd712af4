package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.gwc.MetatileChoice;
import java.awt.Rectangle;
import java.awt.image.RenderedImage;
import java.io.IOException;

/**
 * What one tile request may render with GeoWebCache's WMS metatiles: the tile's metatile, or, on a level whose tiles
 * are not kept, the tile alone (a metatile of one tile, with the layer's gutter); and the encoding of the tiles of
 * whichever was rendered, by GeoWebCache's writer or, where {@link PngEncoderChoice} gives it, the engine's PNG encoder.
 *
 * <p>The engine renders once per request, on the request thread, before any tile is encoded; pool threads that
 * encode tiles afterwards see the metatile rendered.
 */
final class WMSRendering implements MetatileRenderer, TileEncoder {

    private final MetatileChoice<FanoutWMSMetaTile> choice;
    private final TileEncoder pngEncoder;
    private volatile FanoutWMSMetaTile rendered;

    /**
     * @param choice the tile's metatile, and the tile alone if offered
     * @param pngEncoder the engine's encoder for the tiles ({@link PngEncoderChoice#encoderFor}), {@code null} for
     *     GeoWebCache's writer
     */
    WMSRendering(MetatileChoice<FanoutWMSMetaTile> choice, TileEncoder pngEncoder) {
        this.choice = choice;
        this.pngEncoder = pngEncoder;
    }

    @Override
    public MetatileImage render(Metatile metatile) throws Exception {
        FanoutWMSMetaTile chosen = choice.target(metatile);
        rendered = chosen;
        return chosen.render(pngEncoder != null);
    }

    @Override
    public byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException {
        return pngEncoder != null ? pngEncoder.encode(metatileImage, tileBounds) : rendered.encode(tileBounds);
    }
}
