package io.github.metatilefanout.engine.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.metatilefanout.engine.TileKey;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TransientTileCacheTest {

    private final AtomicLong now = new AtomicLong();
    private final TransientTileCache cache = new TransientTileCache(2, Duration.ofSeconds(2), now::get);

    private static TileKey tile(int x) {
        return new TileKey("roads", "EPSG:4326", "png", null, x, 0, 3);
    }

    @Test
    void expiresAfterTheMaximumAge() {
        cache.put(tile(1), new byte[] {1});
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        assertArrayEquals(new byte[] {1}, cache.get(tile(1)).data());
        now.incrementAndGet();
        assertNull(cache.get(tile(1)));
    }

    @Test
    void evictsTheLeastRecentlyUsedBeyondItsSize() {
        cache.put(tile(1), new byte[] {1});
        cache.put(tile(2), new byte[] {2});
        cache.get(tile(1));
        cache.put(tile(3), new byte[] {3});

        assertNull(cache.get(tile(2)));
        assertArrayEquals(new byte[] {1}, cache.get(tile(1)).data());
        assertArrayEquals(new byte[] {3}, cache.get(tile(3)).data());
    }
}
