package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Many threads asking for random tiles of a few 4x4 and 10x10 metatiles whose lock keys all collide in
 * hash, through the per-key memory lock provider; with {@link LockProtocol#TILE_LOCKS} here and {@link
 * LockProtocol#STORING_LOCK} in {@link FanoutStressStoringLockTest}.
 */
class FanoutStressTest {

    /** The protocol of every engine of these tests. */
    LockProtocol protocol() {
        return LockProtocol.TILE_LOCKS;
    }

    private static final Logger LOGGER = Logger.getLogger(FanoutStressTest.class.getName());

    private static final int CLIENTS = 256;
    private static final int REQUESTS_PER_CLIENT = 20;
    private static final int POOL_SIZE = 4;
    private static final int QUEUE_BOUND = 2;
    /** "Aa" and "BB" have the same String hash, so these layer names, and the lock keys built on them, collide. */
    private static final List<String> COLLIDING_LAYERS = List.of("AaAa", "AaBB", "BBAa", "BBBB");

    @Test
    void everyMetatileRenderedOnceAndEveryTileStoredOnceUnderHeavyContention() throws Exception {
        List<Metatile> metatiles = new ArrayList<>();
        for (String layer : COLLIDING_LAYERS) {
            int metaFactor = layer.startsWith("Aa") ? 4 : 10;
            for (int position = 0; position < 60; position += 20) {
                metatiles.add(metatile(metaFactor, tile(layer, position, position)));
            }
        }
        assertAllCollide(metatiles);

        HeldLocks locks = new HeldLocks();
        CountingStore store = new CountingStore();
        ColorRenderer renderer = new ColorRenderer();
        RawEncoder encoder = new RawEncoder().taking(Duration.ofNanos(200_000));
        FanoutEngine engine = new FanoutEngine(
                "test",
                locks,
                protocol(),
                store,
                new FanoutSettings(POOL_SIZE, QUEUE_BOUND, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        Map<TileKey, AtomicInteger> answers = new ConcurrentHashMap<>();
        AtomicInteger wrongPixels = new AtomicInteger();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> running = new ArrayList<>();
            for (int client = 0; client < CLIENTS; client++) {
                Random random = new Random(client);
                running.add(clients.submit(() -> {
                    start.await();
                    for (int r = 0; r < REQUESTS_PER_CLIENT; r++) {
                        Metatile metatile = metatiles.get(random.nextInt(metatiles.size()));
                        TileKey asked = metatile.tile(random.nextInt(metatile.tileCount()));
                        TileResponse response =
                                engine.getTile(TileRequest.interactive(asked, metatile, renderer, encoder));
                        if (!RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked))) {
                            wrongPixels.incrementAndGet();
                        }
                        answers.computeIfAbsent(asked, k -> new AtomicInteger()).incrementAndGet();
                    }
                    return null;
                }));
            }
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                start.countDown();
                for (Future<?> client : running) {
                    client.get();
                }
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
            });

            assertEquals(
                    CLIENTS * REQUESTS_PER_CLIENT,
                    answers.values().stream().mapToInt(AtomicInteger::get).sum());
            assertEquals(0, wrongPixels.get());
            for (Metatile metatile : metatiles) {
                assertEquals(1, renderer.renders(metatile), "renders of " + metatile);
                for (int i = 0; i < metatile.tileCount(); i++) {
                    assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
                }
            }
            assertEquals(metatiles.size(), renderer.totalRenders());
            assertEquals(0, locks.held());
            assertEquals(0, engine.metrics().getFailures());
            assertTrue(encoder.peakPoolThreadsEncoding() <= POOL_SIZE, "pool threads encoding at once");
            int imageBound = POOL_SIZE + QUEUE_BOUND + CLIENTS;
            assertTrue(engine.metrics().getPeakMetatileImagesAlive() <= imageBound, "metatile images alive");
            assertTrue(renderer.everyImageDisposedOnce());
            assertEquals(0, renderer.imagesAlive());
            FanoutMetrics metrics = engine.metrics();
            LOGGER.info(String.format(
                    "stress: %d requests by %d threads over %d metatiles (%d tiles): renders=%d, puts=%d,"
                            + " encoded on request threads=%d, on pool=%d, on caller=%d, jobs run on caller (pool"
                            + " full)=%d, peak pool threads encoding=%d, distinct pool threads=%d, peak images"
                            + " alive=%d (bound %d), lock wait=%d ms, failures=%d",
                    CLIENTS * REQUESTS_PER_CLIENT,
                    CLIENTS,
                    metatiles.size(),
                    metatiles.stream().mapToInt(Metatile::tileCount).sum(),
                    metrics.getRenders(),
                    store.totalPuts(),
                    metrics.getTilesEncodedOnRequestThread(),
                    metrics.getTilesEncodedOnPool(),
                    metrics.getTilesEncodedOnCaller(),
                    metrics.getJobsRunOnCallerPoolFull(),
                    encoder.peakPoolThreadsEncoding(),
                    encoder.distinctPoolThreads(),
                    metrics.getPeakMetatileImagesAlive(),
                    imageBound,
                    metrics.getLockWaitMillis(),
                    metrics.getFailures()));
        } finally {
            clients.shutdownNow();
            engine.close();
        }
    }

    @Test
    void twoProcessesWithSeedingAmongTheirRequestsRenderEachMetatileOnceAndSeedingSeesItStored() throws Exception {
        List<Metatile> metatiles = new ArrayList<>();
        for (int position = 0; position < 60; position += 10) {
            metatiles.add(metatile(4, tile("mixed", position, position)));
            metatiles.add(metatile(10, tile("mixed10", position, 40)));
        }
        HeldLocks locks = new HeldLocks();
        CountingStore store = new CountingStore();
        ColorRenderer renderer = new ColorRenderer();
        RawEncoder encoder = new RawEncoder().taking(Duration.ofNanos(200_000));
        // two engines over one store and one lock provider stand for two GeoServer nodes
        List<FanoutEngine> nodes = List.of(
                new FanoutEngine(
                        "test",
                        locks,
                        protocol(),
                        store,
                        new FanoutSettings(2, 2, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false)),
                new FanoutEngine(
                        "test",
                        locks,
                        protocol(),
                        store,
                        new FanoutSettings(1, 0, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false)));
        int clients = 64;
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        AtomicInteger seedingReturnedEarly = new AtomicInteger();
        AtomicInteger wrongPixels = new AtomicInteger();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> running = new ArrayList<>();
            for (int client = 0; client < clients; client++) {
                Random random = new Random(1000 + client);
                running.add(threads.submit(() -> {
                    start.await();
                    for (int r = 0; r < 10; r++) {
                        Metatile metatile = metatiles.get(random.nextInt(metatiles.size()));
                        TileKey asked = metatile.tile(random.nextInt(metatile.tileCount()));
                        boolean seeding = random.nextInt(5) == 0;
                        TileRequest interactive = TileRequest.interactive(asked, metatile, renderer, encoder);
                        TileRequest request = seeding ? Fixtures.seeding(interactive) : interactive;
                        TileResponse response =
                                nodes.get(random.nextInt(nodes.size())).getTile(request);
                        if (!RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked))) {
                            wrongPixels.incrementAndGet();
                        }
                        if (seeding && !everyTileStored(store, metatile)) {
                            seedingReturnedEarly.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                start.countDown();
                for (Future<?> client : running) {
                    client.get();
                }
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> nodes.stream().allMatch(n -> n.metrics().getMetatilesInFlight() == 0)
                                && locks.held() == 0);
            });

            assertEquals(0, wrongPixels.get());
            assertEquals(0, seedingReturnedEarly.get(), "seeding calls that returned before their metatile was stored");
            for (Metatile metatile : renderer.rendersByMetatile().keySet()) {
                assertEquals(1, renderer.renders(metatile), "renders of " + metatile);
                for (int i = 0; i < metatile.tileCount(); i++) {
                    assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
                }
            }
            assertTrue(renderer.everyImageDisposedOnce());
            assertEquals(
                    0,
                    nodes.get(0).metrics().getFailures()
                            + nodes.get(1).metrics().getFailures());
        } finally {
            threads.shutdownNow();
            nodes.forEach(FanoutEngine::close);
        }
    }

    private static boolean everyTileStored(CountingStore store, Metatile metatile) {
        for (int i = 0; i < metatile.tileCount(); i++) {
            if (store.puts(metatile.tile(i)) == 0) {
                return false;
            }
        }
        return true;
    }

    private static void assertAllCollide(List<Metatile> metatiles) {
        for (Metatile a : metatiles) {
            for (Metatile b : metatiles) {
                if (a.origin().x() == b.origin().x() && a.tilesWide() == b.tilesWide()) {
                    assertEquals(a.lockKey().hashCode(), b.lockKey().hashCode(), a + " and " + b);
                    assertEquals(
                            a.tile(3).lockKey().hashCode(), b.tile(3).lockKey().hashCode());
                }
            }
        }
    }
}
