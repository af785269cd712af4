package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.gwc.ConveyorTileServer;
import io.github.metatilefanout.gwc.MetatileChoice;
import io.github.metatilefanout.gwc.TileLayerRules;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.ows.Dispatcher;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;

/**
 * The metatiling of GeoServer's tile layers through the engine: which of their conveyor tiles the engine
 * serves, and each one as the engine's request (its metatile, the GetMap that renders it, the encoder of its
 * format, what becomes of its tiles, seeding or a client waiting, and where its tiles are not kept, the tile
 * alone with its gutter).
 */
final class FanoutMetatiling {

    private final FanoutEngine engine;
    private final GeoServerSettings settings;
    private final ConveyorTileServer conveyor;
    private final FanoutSwitch fanoutSwitch;
    private final TileEncoders encoders = new TileEncoders();

    /**
     * @param settings followed before each tile, so that the engine's pool keeps GeoServer's meta tiling threads
     * @param conveyor the engine's storage broker, filling the conveyor tiles
     */
    FanoutMetatiling(
            FanoutEngine engine, GeoServerSettings settings, ConveyorTileServer conveyor, FanoutSwitch fanoutSwitch) {
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
     * cache, from a metatile in flight, or by rendering its metatile; where its tiles are not kept, the tile
     * alone if the settings say so.
     */
    ConveyorTile getTile(GeoServerTileLayer layer, ConveyorTile tile, int metaX, int metaY)
            throws GeoWebCacheException {
        FanoutEngine current = engine();
        TileKey key = ConveyorTileServer.tileKey(layer.getName(), tile);
        FanoutMetaTile metaTile = metaTile(layer, tile, metaX, metaY, key);
        CachePolicy policy = cachePolicy(layer, metaTile.gridSubset(), key.z());
        MetatileChoice<FanoutMetaTile> choice = MetatileChoice.of(
                metaTile,
                policy == CachePolicy.PERSIST ? null : metaTile(layer, tile, 1, 1, key),
                FanoutMetaTile::metatile);
        GetMapRenderer renderer = new GetMapRenderer(layer, tile, choice);
        TileRequest request = choice.request(
                key,
                renderer,
                encoders.forFormat(tile.getMimeType(), renderer::rendered),
                policy,
                Dispatcher.REQUEST.get() == null ? Mode.SEEDING : Mode.INTERACTIVE);
        return conveyor.serve(current, request, tile);
    }

    private static FanoutMetaTile metaTile(
            GeoServerTileLayer layer, ConveyorTile tile, int metaX, int metaY, TileKey key) {
        MimeType format = tile.getMimeType();
        return new FanoutMetaTile(
                layer.getGridSubset(tile.getGridSetId()),
                format,
                tile.getTileIndex(),
                metaX,
                metaY,
                format.isVector() ? 0 : layer.getInfo().getGutter(),
                key);
    }

    /**
     * What becomes of the tiles at {@code zoom} ({@link TileLayerRules#cachePolicy}). A zoom outside the cached range
     * is known to keep its tiles only in GeoWebCache's transient cache before the lookup: a sibling's tile is looked
     * up there and shared while in flight, and with single tiles on the tile is rendered alone. Elsewhere the tiles go
     * to the blob store unless the GetMap's dimension warnings keep them transient ({@link GetMapRenderer}), as on
     * GeoServer's path.
     */
    private static CachePolicy cachePolicy(GeoServerTileLayer layer, GridSubset gridSubset, int zoom) {
        return TileLayerRules.cachePolicy(layer, zoom, !gridSubset.shouldCacheAtZoom(zoom));
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
