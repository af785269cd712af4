package io.github.metatilefanout.engine.store;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/** A tile store in memory, for tests and benchmarks; a tile's time is when it was put. */
public final class MemoryTileStore implements TileStore {

    private final ConcurrentHashMap<TileKey, StoredTile> tiles = new ConcurrentHashMap<>();
    private final TransientTileCache transientTiles = new TransientTileCache(1024, Duration.ofSeconds(2));

    @Override
    public StoredTile get(TileKey tile) {
        return tiles.get(tile);
    }

    @Override
    public void put(TileKey tile, byte[] data) {
        tiles.put(tile, new StoredTile(data, System.currentTimeMillis()));
    }

    @Override
    public StoredTile getTransient(TileKey tile) {
        return transientTiles.get(tile);
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        transientTiles.put(tile, data);
    }

    /** Number of tiles stored. */
    public int size() {
        return tiles.size();
    }

    /** Removes every stored tile. */
    public void clear() {
        tiles.clear();
    }
}
