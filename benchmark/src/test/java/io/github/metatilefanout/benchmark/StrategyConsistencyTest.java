package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every strategy answers the same request with the same picture, and leaves the cache as it should. */
class StrategyConsistencyTest {

    @ParameterizedTest
    @ValueSource(strings = {"png", "png8"})
    void everyStrategyServesTheSameTile(String format) throws Exception {
        Map<Strategy, int[]> pixels = new EnumMap<>(Strategy.class);
        for (Strategy strategy : Strategy.values()) {
            try (Harness harness = new Harness(strategy, "4x4", format, 2, 0)) {
                byte[] png = harness.serveMiss();
                harness.awaitIdle();
                pixels.put(strategy, decode(png));
                assertTrue(harness.setup().meter().idle(), strategy + ": images left undisposed or locks held");
                assertTrue(harness.setup().meter().peak() >= 1, strategy + ": no image counted");
            }
        }
        int[] reference = pixels.get(Strategy.SEQUENTIAL);
        assertEquals(256 * 256, reference.length);
        assertArrayEquals(reference, pixels.get(Strategy.UPSTREAM_2_27), "upstream-2.27 differs from sequential");
        assertArrayEquals(reference, pixels.get(Strategy.FANOUT), "fanout differs from sequential");
        // direct renders the tile on its own: anti-aliasing may round a few edge pixels differently
        int differing = 0;
        int[] direct = pixels.get(Strategy.DIRECT);
        for (int i = 0; i < reference.length; i++) {
            if (reference[i] != direct[i]) {
                differing++;
            }
        }
        assertTrue(differing < reference.length / 100, differing + " pixels of direct differ from sequential");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "upstream-2.27", "fanout"})
    void cachingStrategiesStoreEveryTileOfTheMetatile(String name) throws Exception {
        // the harness's workload asks for the same tiles as a twin with the same seed
        Workload twin = new Workload(Harness.metatile("4x4"), 0, Workload.SEED);
        TileKey first = twin.nextMiss();
        TileKey second = twin.nextMiss();
        try (Harness harness = new Harness(Strategy.of(name), "4x4", "png", 2, 0)) {
            harness.serveMiss();
            harness.serveMiss();
            harness.awaitIdle();

            for (TileKey requested : new TileKey[] {first, second}) {
                Metatile metatile = harness.setup().metatileOf(requested);
                for (int i = 0; i < metatile.tileCount(); i++) {
                    assertNotNull(harness.setup().store().get(metatile.tile(i)), name + ": " + metatile.tile(i));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"upstream-2.27", "fanout"})
    void closingRightAfterAMissLetsThePoolStoreTheMetatileFirst(String name) throws Exception {
        Harness harness = new Harness(Strategy.of(name), "4x4", "png", 2, 0);
        harness.serveMiss(); // its pool is still encoding and storing the other 15 tiles
        harness.close();
        assertTrue(harness.setup().meter().idle(), name + ": closed with images undisposed or locks held");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "fanout"})
    void requestsAlternateBetweenTheNodes(String name) throws Exception {
        AtomicInteger[] acquired = {new AtomicInteger(), new AtomicInteger()};
        List<LockProvider> nodes = new ArrayList<>();
        for (AtomicInteger count : acquired) {
            LockProvider locks = new MemoryLockProvider();
            nodes.add((key, timeout) -> {
                count.incrementAndGet();
                return locks.acquire(key, timeout);
            });
        }
        try (Harness harness = new Harness(Strategy.of(name), "4x4", "png", 2, 0, nodes)) {
            for (long request = 0; request < 4; request++) {
                harness.serve(request);
            }
            harness.awaitIdle();
        }

        // four misses, two per node, each locking its own metatile: the same count on both
        assertTrue(acquired[0].get() >= 2, name + " " + acquired[0]);
        assertEquals(acquired[0].get(), acquired[1].get(), name);
    }

    private static int[] decode(byte[] png) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertNotNull(image, "not a PNG");
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }
}
