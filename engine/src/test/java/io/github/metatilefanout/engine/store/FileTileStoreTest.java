package io.github.metatilefanout.engine.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.metatilefanout.engine.TileKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTileStoreTest {

    @TempDir
    Path root;

    @Test
    void usesGeoWebCachesFileBlobStoreLayout() {
        FileTileStore store = new FileTileStore(root);

        assertEquals(
                root.resolve("topp_states/EPSG_4326_03/1_1/05_06.png"),
                store.pathOf(new TileKey("topp:states", "EPSG:4326", "png", null, 5, 6, 3)));
        assertEquals(
                root.resolve("roads/EPSG_900913_10/04_03/0300_0200.jpeg"),
                store.pathOf(new TileKey("roads", "EPSG:900913", "jpeg", null, 300, 200, 10)));
        assertEquals(
                root.resolve("roads/g_20_7a3f/0008_0002/00016768_00004242.png"),
                store.pathOf(new TileKey("roads", "g", "png", "7a3f", 16768, 4242, 20)));
    }

    @Test
    void roundTripsAndOverwritesLeavingNoTemporaryFile() throws Exception {
        FileTileStore store = new FileTileStore(root);
        TileKey tile = new TileKey("roads", "EPSG:4326", "png", null, 1, 2, 3);

        assertNull(store.get(tile));
        store.put(tile, new byte[] {1, 2, 3});
        store.put(tile, new byte[] {4, 5});

        assertArrayEquals(new byte[] {4, 5}, store.get(tile).data());
        try (Stream<Path> files = Files.walk(root)) {
            assertEquals(1, files.filter(Files::isRegularFile).count());
        }
    }
}
