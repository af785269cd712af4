package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileException;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileResponse;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.logging.Logger;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.Conveyor.CacheResult;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.io.ByteArrayResource;
import org.geowebcache.service.HttpErrorCodeException;

/**
 * GeoWebCache's tile requests ({@link ConveyorTile}s) served by the engine over GeoWebCache's storage broker:
 * the engine's key for a conveyor tile, and the conveyor tile filled as GeoWebCache's own path fills it (the
 * bytes, hit or miss, the tile's creation time, the status); the layer adds its own headers.
 */
public final class ConveyorTileServer {

    private static final Logger LOGGER = Logger.getLogger(ConveyorTileServer.class.getName());

    /** How often a tile not served for a lock is logged at most. */
    static final Duration LOCK_WARNING_INTERVAL = Duration.ofMinutes(1);

    /** A lock not obtained within the lock wait timeout, or a lock provider failing: busy, not a bad request. */
    private static final int LOCK_NOT_OBTAINED_STATUS = 503;

    private final ThrottledWarning lockNotObtained =
            new ThrottledWarning(LOGGER, LOCK_WARNING_INTERVAL, System::nanoTime);

    public ConveyorTileServer() {}

    /** The engine's key of {@code tile}, a tile of the layer named {@code layerName}. */
    public static TileKey tileKey(String layerName, ConveyorTile tile) {
        long[] index = tile.getTileIndex();
        return new TileKey(
                layerName,
                tile.getGridSetId(),
                tile.getMimeType().getFileExtension(),
                tile.getParametersId(),
                tile.getFilteringParameters(),
                index[0],
                index[1],
                (int) index[2]);
    }

    /**
     * Serves {@code tile} through {@code engine} with {@code request}, made for it: from the cache, from a
     * metatile in flight, or rendered. A stored tile keeps its own creation time, a rendered one gets the time of
     * the request, and a tile with no status yet gets 200, as in GeoWebCache.
     *
     * @throws HttpErrorCodeException 503, if a lock was not obtained, with the engine's message (logged as a warning,
     *     at most once per {@link #LOCK_WARNING_INTERVAL}: {@link ThrottledWarning})
     * @throws GeoWebCacheException if the engine could not serve it otherwise, with the engine's message
     */
    public ConveyorTile serve(FanoutEngine engine, TileRequest request, ConveyorTile tile) throws GeoWebCacheException {
        long requestTime = System.currentTimeMillis();
        TileResponse response;
        try {
            response = engine.getTile(request);
        } catch (LockTimeoutException e) {
            lockNotObtained.log(() -> "metatile-fanout could not serve tile " + request.tile() + ": " + e.getMessage());
            throw new HttpErrorCodeException(LOCK_NOT_OBTAINED_STATUS, e.getMessage(), e);
        } catch (TileException e) {
            throw new GeoWebCacheException(e.getMessage(), e);
        }
        tile.setBlob(new ByteArrayResource(response.data()));
        tile.setCacheResult(response.isCacheHit() ? CacheResult.HIT : CacheResult.MISS);
        long created = response.createdMillis();
        tile.getStorageObject().setCreated(created == StoredTile.TIME_NOT_KNOWN ? requestTime : created);
        if (tile.getStatus() == 0 && !tile.getError()) {
            tile.setStatus(200);
        }
        return tile;
    }
}
