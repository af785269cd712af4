package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.io.ByteArrayResource;
import org.geowebcache.io.Resource;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.jupiter.api.Test;

/**
 * Tiles read through GeoWebCache's storage broker keep their creation time; failures of the broker and layers are
 * never taken for a valid answer without a trace.
 */
class StorageBrokerTileStoreTest {

    private static final TileKey TILE = new TileKey("roads", "EPSG:4326", "png", null, 3, 4, 5);

    @Test
    void aStoredTileWhoseExpiryCannotBeLookedUpIsAFailedLookupNotAFreshTile() {
        StorageBrokerTileStore store =
                new StorageBrokerTileStore(broker(new ByteArrayResource(new byte[] {1})), name -> {
                    throw new GeoWebCacheException("no layer " + name);
                });

        IOException failure = assertThrows(IOException.class, () -> store.get(TILE));

        assertTrue(failure.getMessage().contains(TILE.toString()), failure.getMessage());
        assertTrue(failure.getMessage().contains("no layer roads"), failure.getMessage());
    }

    @Test
    void aTransientTileThatCannotBeReadIsAMissLoggedAtWarning() {
        Resource unreadable = (Resource) Proxy.newProxyInstance(
                Resource.class.getClassLoader(), new Class<?>[] {Resource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getInputStream")) {
                        throw new IOException("blob gone");
                    }
                    return 0L; // its size and time
                });
        StorageBrokerTileStore store = new StorageBrokerTileStore(broker(unreadable), name -> null);
        Logger logger = Logger.getLogger(StorageBrokerTileStore.class.getName());
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        logger.addHandler(handler);
        try {
            assertNull(store.getTransient(TILE));
        } finally {
            logger.removeHandler(handler);
        }

        assertEquals(1, records.size());
        assertEquals(Level.WARNING, records.get(0).getLevel());
        assertTrue(
                records.get(0).getMessage().contains(TILE.toString()),
                records.get(0).getMessage());
        assertEquals("blob gone", records.get(0).getThrown().getMessage());
    }

    @Test
    void aTileReadCarriesTheCreationTimeItsBlobStoreGivesIt() throws IOException {
        StorageBrokerTileStore store =
                new StorageBrokerTileStore(broker(new ByteArrayResource(new byte[] {7}), 1_234_000L), name -> null);

        StoredTile read = store.getTransient(TILE);

        assertArrayEquals(new byte[] {7}, read.data());
        assertEquals(1_234_000L, read.createdMillis());
    }

    /** A tile is stored with its parameters, which the blob store records beside it. */
    @Test
    void aStoredTileCarriesItsParametersToTheBlobStore() throws IOException {
        List<TileObject> put = new CopyOnWriteArrayList<>();
        StorageBroker broker = (StorageBroker) Proxy.newProxyInstance(
                StorageBroker.class.getClassLoader(), new Class<?>[] {StorageBroker.class}, (proxy, method, args) -> {
                    if (method.getName().equals("put")) {
                        put.add((TileObject) args[0]);
                        return true;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        StorageBrokerTileStore store = new StorageBrokerTileStore(broker, name -> null);
        TileKey styled = new TileKey("roads", "EPSG:4326", "png", "f00d", Map.of("STYLES", "night"), 3, 4, 5);

        store.put(styled, new byte[] {1});

        assertEquals("f00d", put.get(0).getParametersId());
        assertEquals(Map.of("STYLES", "night"), put.get(0).getParameters());
    }

    private static StorageBroker broker(Resource blob) {
        return broker(blob, System.currentTimeMillis());
    }

    /** A storage broker holding one tile, {@code blob} created at {@code created}, for every lookup. */
    private static StorageBroker broker(Resource blob, long created) {
        return (StorageBroker) Proxy.newProxyInstance(
                StorageBroker.class.getClassLoader(), new Class<?>[] {StorageBroker.class}, (proxy, method, args) -> {
                    if (method.getName().equals("get") || method.getName().equals("getTransient")) {
                        TileObject tile = (TileObject) args[0];
                        tile.setBlob(blob);
                        tile.setCreated(created);
                        return true;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
