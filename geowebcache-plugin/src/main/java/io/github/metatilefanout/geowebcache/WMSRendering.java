package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import java.awt.Rectangle;
import java.awt.image.RenderedImage;
import java.io.IOException;

/**
 * What one tile request may render with GeoWebCache's WMS metatiles: the tile's metatile, or, on a level whose tiles
 * are not kept, the tile alone (a metatile of one tile, with the layer's gutter); and the encoding of the tiles of
 * whichever was rendered, by GeoWebCache's writer or, where {@link PngTiles} gives it, the engine's PNG encoder.
 *
 * <p>The engine renders once per request, on the request thread, before any tile is encoded; pool threads that
 * encode tiles afterwards see the metatile rendered.
 */
final class WMSRendering implements MetatileRenderer, TileEncoder {

    private final FanoutWMSMetaTile metaTile;
    private final FanoutWMSMetaTile tileAlone;
    private final Metatile tileAloneForEngine;
    private final TileEncoder pngEncoder;
    private volatile FanoutWMSMetaTile rendered;

    private WMSRendering(
            FanoutWMSMetaTile metaTile, FanoutWMSMetaTile tileAlone, TileKey tile, TileEncoder pngEncoder) {
        this.metaTile = metaTile;
        this.tileAlone = tileAlone;
        this.tileAloneForEngine = tileAlone == null ? null : tileAlone.toMetatile(tile);
        this.pngEncoder = pngEncoder;
    }

    /**
     * Renders {@code metaTile} only.
     *
     * @param pngEncoder the engine's encoder for the tiles ({@link PngTiles#encoderFor}), {@code null} for
     *     GeoWebCache's writer
     */
    static WMSRendering of(FanoutWMSMetaTile metaTile, TileEncoder pngEncoder) {
        return new WMSRendering(metaTile, null, null, pngEncoder);
    }

    /** Renders {@code metaTile}, or {@code tileAlone}, the metatile of one tile {@code tile}, if the engine asks. */
    static WMSRendering orTileAlone(
            FanoutWMSMetaTile metaTile, FanoutWMSMetaTile tileAlone, TileKey tile, TileEncoder pngEncoder) {
        return new WMSRendering(metaTile, tileAlone, tile, pngEncoder);
    }

    /** The tile alone for the engine, {@code null} if not offered. */
    Metatile tileAlone() {
        return tileAloneForEngine;
    }

    @Override
    public MetatileImage render(Metatile metatile) throws Exception {
        FanoutWMSMetaTile chosen = metatile.equals(tileAloneForEngine) ? tileAlone : metaTile;
        rendered = chosen;
        return chosen.render();
    }

    @Override
    public byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException {
        return pngEncoder != null ? pngEncoder.encode(metatileImage, tileBounds) : rendered.encode(tileBounds);
    }
}
