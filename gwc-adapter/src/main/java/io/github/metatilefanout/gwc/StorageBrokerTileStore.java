package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import java.io.IOException;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.io.ByteArrayResource;
import org.geowebcache.io.Resource;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.mime.MimeException;
import org.geowebcache.mime.MimeType;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.StorageException;
import org.geowebcache.storage.TileObject;

/**
 * GeoWebCache's storage broker as the engine's tile store: whatever blob store each layer is configured
 * with, and GeoWebCache's transient cache.
 *
 * <p>A tile is stored with its parameters, which the blob store records beside it (GeoWebCache truncates by
 * them). A tile read from the store carries its creation time, which a cache hit reports.
 */
public final class StorageBrokerTileStore implements TileStore {

    /** Finds a tile layer by its name, as GeoWebCache's tile layer dispatcher does. */
    @FunctionalInterface
    public interface TileLayers {
        TileLayer byName(String layerName) throws GeoWebCacheException;
    }

    private static final Logger LOGGER = Logger.getLogger(StorageBrokerTileStore.class.getName());

    private final StorageBroker storageBroker;
    private final TileLayers layers;
    /** @param layers where each tile layer's "expire cache" (after which a stored tile is stale) is looked up */
    public StorageBrokerTileStore(StorageBroker storageBroker, TileLayers layers) {
        this.storageBroker = storageBroker;
        this.layers = layers;
    }

    @Override
    public StoredTile get(TileKey tile) throws IOException {
        TileObject stored = tileObject(tile, null);
        try {
            if (!storageBroker.get(stored)) {
                return null;
            }
        } catch (StorageException e) {
            throw new IOException("Reading tile " + tile + " failed: " + e.getMessage(), e);
        }
        long maxAge = maxAgeMillis(tile);
        if (maxAge > 0 && stored.getCreated() + maxAge < System.currentTimeMillis()) {
            return null;
        }
        return new StoredTile(contents(stored.getBlob()), stored.getCreated());
    }

    /**
     * The "expire cache" of {@code tile}'s layer at its zoom level as the age in milliseconds after which a stored
     * tile is stale; {@code 0}, never, where it is not positive.
     *
     * @throws IOException if the layer or its expiry cannot be looked up: the engine then counts and logs a failed
     *     lookup and renders the tile anew, rather than serve a stored tile that may be stale
     */
    private long maxAgeMillis(TileKey tile) throws IOException {
        try {
            return Math.max(0, layers.byName(tile.layer()).getExpireCache(tile.z())) * 1000L;
        } catch (GeoWebCacheException | RuntimeException e) {
            throw new IOException(
                    "No expiry known for tile " + tile + ", so whether it is stale is not known: " + e.getMessage(), e);
        }
    }

    @Override
    public void put(TileKey tile, byte[] data) throws IOException {
        try {
            storageBroker.put(tileObject(tile, data));
        } catch (StorageException e) {
            throw new IOException("Storing tile " + tile + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public StoredTile getTransient(TileKey tile) {
        TileObject stored = tileObject(tile, null);
        try {
            if (!storageBroker.getTransient(stored)) {
                return null;
            }
            return new StoredTile(contents(stored.getBlob()), stored.getCreated());
        } catch (IOException e) {
            // the engine takes this lookup as a miss and renders the tile; nothing counts it, so it is logged here
            LOGGER.log(Level.WARNING, "metatile-fanout: reading tile " + tile + " from the transient cache failed", e);
            return null;
        }
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        storageBroker.putTransient(tileObject(tile, data));
    }

    private TileObject tileObject(TileKey tile, byte[] data) {
        long[] xyz = {tile.x(), tile.y(), tile.z()};
        // null when empty, as GeoWebCache's seeding passes: its S3 blob store then writes no parameters object with
        // each tile (stock requests rewrite parameters-null.properties with every tile they store)
        Map<String, String> parameters = tile.parameters().isEmpty() ? null : tile.parameters();
        String format = mimeFormat(tile.format());
        TileObject object = data == null
                ? TileObject.createQueryTileObject(tile.layer(), xyz, tile.gridSet(), format, parameters)
                : TileObject.createCompleteTileObject(
                        tile.layer(), xyz, tile.gridSet(), format, parameters, new ByteArrayResource(data));
        object.setParametersId(tile.parametersId());
        return object;
    }

    private static String mimeFormat(String extension) {
        try {
            return MimeType.createFromExtension(extension).getFormat();
        } catch (MimeException e) {
            throw new IllegalArgumentException("Unknown tile format '" + extension + "'", e);
        }
    }

    private static byte[] contents(Resource blob) throws IOException {
        if (blob instanceof ByteArrayResource bytes) {
            return bytes.getContents();
        }
        try (var in = blob.getInputStream()) {
            return in.readAllBytes();
        }
    }
}
