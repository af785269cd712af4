package io.github.metatilefanout.engine.store;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/** A small in-memory cache of tiles that expire after a short time, for tiles that are never persisted. */
public final class TransientTileCache {

    private final int maxTiles;
    private final long maxAgeNanos;
    private final LongSupplier nanoClock;
    private final LinkedHashMap<TileKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

    /** A cache of at most {@code maxTiles} tiles, each kept at most {@code maxAge}. */
    public TransientTileCache(int maxTiles, Duration maxAge) {
        this(maxTiles, maxAge, System::nanoTime);
    }

    TransientTileCache(int maxTiles, Duration maxAge, LongSupplier nanoClock) {
        if (maxTiles < 1) {
            throw new IllegalArgumentException("maxTiles is " + maxTiles + "; it must be at least 1");
        }
        this.maxTiles = maxTiles;
        this.maxAgeNanos = maxAge.toNanos();
        this.nanoClock = nanoClock;
    }

    public synchronized StoredTile get(TileKey tile) {
        Entry entry = entries.get(tile);
        if (entry == null) {
            return null;
        }
        if (nanoClock.getAsLong() - entry.storedAt > maxAgeNanos) {
            entries.remove(tile);
            return null;
        }
        return StoredTile.of(entry.data);
    }

    public synchronized void put(TileKey tile, byte[] data) {
        entries.put(tile, new Entry(data, nanoClock.getAsLong()));
        if (entries.size() > maxTiles) {
            Map.Entry<TileKey, Entry> eldest = entries.entrySet().iterator().next();
            entries.remove(eldest.getKey());
        }
    }

    private record Entry(byte[] data, long storedAt) {}
}
