package io.github.metatilefanout.benchmark.objectstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.metatilefanout.engine.TileKey;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class S3TileStoreTest {

    private static TileKey tile(String layer, long x) {
        return new TileKey(layer, "EPSG:900913", "png", null, x, 5, 6);
    }

    @Test
    void aTileRoundTripsThroughS3ProxyAndTheObjectsAreCountedByPrefix() throws Exception {
        try (S3ProxyProcess s3 = S3ProxyProcess.start()) {
            S3TileStore store = new S3TileStore(s3.endpoint(), "tiles");
            store.createBucket();
            byte[] data = "not really a PNG".getBytes(StandardCharsets.US_ASCII);

            store.put(tile("a", 1), data);
            store.put(tile("a", 2), new byte[0]);
            store.put(tile("a", 2), data); // replaced, not added
            store.put(tile("ab", 1), data);

            assertArrayEquals(data, store.get(tile("a", 1)).data());
            assertArrayEquals(data, store.get(tile("a", 2)).data());
            assertNull(store.get(tile("a", 3)));
            assertEquals(2, store.count("a/"));
            assertEquals(3, store.count("a"));
            assertEquals(0, store.count("b"));
        }
    }

    @Test
    void aKeyHoldsEveryPartOfTheTileKeyInPathSafeCharacters() {
        assertEquals("ne-1/EPSG_900913/png/default/6/3/5.png", S3TileStore.key(tile("ne-1", 3)));
        assertEquals("ne/g/png/abc/0/1/2.png", S3TileStore.key(new TileKey("ne", "g", "png", "abc", 1, 2, 0)));
    }
}
