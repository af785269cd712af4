package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.gwc.EngineConveyor;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.ows.Dispatcher;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;
import org.geowebcache.util.GWCVars;

/**
 * The metatiling of GeoServer's tile layers through the engine: which of their conveyor tiles the engine
 * serves, and each one as the engine's request (its metatile, the GetMap that renders it, the encoder of its
 * format, what becomes of its tiles, seeding or a client waiting).
 */
final class FanoutMetatiling {

    private final FanoutEngine engine;
    private final GeoServerSettings settings;
    private final EngineConveyor conveyor;
    private final FanoutSwitch fanoutSwitch;
    private final TileEncoders encoders = new TileEncoders();

    /**
     * @param settings followed before each tile, so that the engine's pool keeps GeoServer's meta tiling threads
     * @param conveyor the engine's storage broker, filling the conveyor tiles
     */
    FanoutMetatiling(
            FanoutEngine engine, GeoServerSettings settings, EngineConveyor conveyor, FanoutSwitch fanoutSwitch) {
        this.engine = engine;
        this.settings = settings;
        this.conveyor = conveyor;
        this.fanoutSwitch = fanoutSwitch;
    }

    /** Whether GeoServer's tile layers go through the engine now ({@link FanoutSwitch}). */
    boolean isOn() {
        return fanoutSwitch.isEnabled();
    }

    /** Whether the engine serves this tile: image formats; vector formats keep GeoServer's path. */
    boolean serves(ConveyorTile tile) {
        MimeType format = tile.getMimeType();
        return isOn() && format instanceof ImageMime && !format.isVector();
    }

    /**
     * Serves {@code tile} of {@code layer}, whose metatiles are {@code metaX} by {@code metaY} tiles: from the
     * cache, from a metatile in flight, or by rendering its metatile.
     */
    ConveyorTile getTile(GeoServerTileLayer layer, ConveyorTile tile, int metaX, int metaY)
            throws GeoWebCacheException {
        long[] index = tile.getTileIndex();
        MimeType format = tile.getMimeType();
        TileKey key = EngineConveyor.tileKey(layer.getName(), tile);
        FanoutMetaTile metaTile = new FanoutMetaTile(
                layer.getGridSubset(tile.getGridSetId()),
                format,
                index,
                metaX,
                metaY,
                format.isVector() ? 0 : layer.getInfo().getGutter(),
                key);
        boolean cached = layer.getExpireCache((int) index[2]) != GWCVars.CACHE_DISABLE_CACHE;
        TileRequest request = new TileRequest(
                key,
                metaTile.metatile(),
                new GetMapRenderer(layer, tile, metaTile),
                encoders.forFormat(format, metaTile),
                cached ? CachePolicy.PERSIST : CachePolicy.NONE,
                Dispatcher.REQUEST.get() == null ? Mode.SEEDING : Mode.INTERACTIVE);
        return conveyor.serve(engine(), request, tile);
    }

    /**
     * The engine, first brought in step with GeoServer's meta tiling threads, which an admin may change on the
     * Caching Defaults page or through the REST API.
     */
    FanoutEngine engine() {
        settings.followPoolSize();
        return engine;
    }
}
