package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LockProtocol#STORING_LOCK}: the exact lock operations per metatile, and the waits across
 * processes. Two engines over one store and one lock provider stand for two processes.
 */
class StoringLockProtocolTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private final HeldLocks memoryLocks = new HeldLocks();
    private final RecordingLockProvider locks = new RecordingLockProvider(memoryLocks);
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private final List<FanoutEngine> engines = new ArrayList<>();

    @AfterEach
    void tearDown() {
        engines.forEach(FanoutEngine::close);
        clients.shutdownNow();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 10})
    void aHandedOffMetatileTakesTheMetatileLockOnceAndTheStoringLockTwiceWhateverItsSize(int metaFactor)
            throws Exception {
        FanoutEngine engine = engine(2);
        TileKey asked = tile("roads", 1, 0);
        Metatile metatile = metatile(metaFactor, asked);

        assertEquals(
                Source.RENDERED,
                engine.getTile(request(asked, metaFactor, renderer, encoder)).source());
        awaitIdle(engine);

        assertEquals(1, engine.metrics().getJobsHandedOff());
        assertEquals(1, locks.attempts(metatile.lockKey()));
        assertEquals(1, locks.releases(metatile.lockKey()));
        assertEquals(2, locks.attempts(metatile.storingLockKey()));
        assertEquals(2, locks.releases(metatile.storingLockKey()));
        assertEquals(6, locks.operations());
        assertEquals(6, engine.metrics().getLockOperations());
        assertEquals(6.0, engine.metrics().getLockOperationsPerRender());
        assertEquals(
                java.util.Set.of(metatile.lockKey(), metatile.storingLockKey()), locks.keys(), "no tile lock at all");
        // the hold: taken and released by one thread of the engine (the job's lock holder, or its owner)
        assertTrue(locks.acquiringThreads(metatile.storingLockKey()).get(1).startsWith(RawEncoder.POOL_THREAD_PREFIX));
        assertEquals(
                locks.acquiringThreads(metatile.storingLockKey()), locks.releasingThreads(metatile.storingLockKey()));
        assertEquals(1, renderer.totalRenders());
        assertEquals(metatile.coveredTileCount(), store.totalPuts());
    }

    @Test
    void withThePoolOffTheCallerHoldsTheStoringLockForTheSameCost() throws Exception {
        FanoutEngine engine = engine(0);
        TileKey asked = tile("roads", 1, 0);
        Metatile metatile = metatile(4, asked);

        engine.getTile(request(asked, 4, renderer, encoder));

        assertEquals(16, store.totalPuts(), "stored before the call returned");
        assertEquals(6, locks.operations());
        String caller = Thread.currentThread().getName();
        assertEquals(List.of(caller, caller), locks.acquiringThreads(metatile.storingLockKey()));
        assertEquals(List.of(caller, caller), locks.releasingThreads(metatile.storingLockKey()));
    }

    @Test
    void theTileLockProtocolTakesEveryTileLockAndStaysTheDefault() throws Exception {
        FanoutEngine engine =
                new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(2));
        engines.add(engine);
        TileKey asked = tile("roads", 1, 0);

        engine.getTile(request(asked, 4, renderer, encoder));
        awaitIdle(engine);

        // the metatile lock, the requested tile's lock while it is looked up again, then all 16 tile locks
        assertEquals(2 * (1 + 1 + 16), locks.operations());
        assertEquals(locks.operations(), engine.metrics().getLockOperations());
        assertEquals(0, locks.attempts(metatile(4, asked).storingLockKey()));
    }

    @Test
    void siblingFromAnotherProcessWaitsOnTheStoringLockThenReadsTheStore() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        FanoutEngine first = engine(2);
        FanoutEngine otherProcess = engine(2);
        TileKey asked = tile("roads", 0, 0);
        TileKey sibling = tile("roads", 2, 1);
        String storingKey = metatile(4, asked).storingLockKey();

        first.getTile(request(asked, 4, renderer, encoder));
        Future<TileResponse> fromOther =
                clients.submit(() -> otherProcess.getTile(request(sibling, 4, renderer, encoder)));
        // the first process's probe and hold, then the other process's wait
        await().atMost(BOUND).until(() -> locks.attempts(storingKey) == 3);

        assertFalse(fromOther.isDone());
        assertEquals(0, store.totalPuts());
        putGate.countDown();
        TileResponse response = fromOther.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertEquals(Source.CACHE, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        assertEquals(16, store.totalPuts(), "every tile stored before the storing lock was released");
        assertEquals(1, renderer.totalRenders());
        awaitIdle(first);
        assertEquals(6, first.metrics().getLockOperations());
        assertEquals(4, otherProcess.metrics().getLockOperations(), "the metatile lock, then the storing lock");
        assertTrue(store.putsByTile().values().stream().allMatch(count -> count.get() == 1));
    }

    @Test
    void seedingAStoredTileWaitsUntilAnotherProcessHasStoredTheWholeMetatile() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        TileKey sibling = tile("roads", 2, 1);
        // the asked tile is on disk already (from an earlier job); another process is storing its metatile
        // again, every put held back: which tile its owner stores first is not fixed
        store.put(asked, new byte[] {1});
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate, tile -> true);
        FanoutEngine first = engine(2);
        FanoutEngine seeder = engine(2);
        String storingKey = metatile(4, asked).storingLockKey();

        first.getTile(request(sibling, 4, renderer, encoder));
        Future<TileResponse> seeded =
                clients.submit(() -> seeder.getTile(Fixtures.seeding(request(asked, 4, renderer, encoder))));
        // the first process's probe and hold, then the seeder's wait
        await().atMost(BOUND).until(() -> locks.attempts(storingKey) == 3);

        assertFalse(seeded.isDone());
        assertEquals(1, store.totalPuts(), "only the tile stored before");
        putGate.countDown();
        assertEquals(
                Source.CACHE, seeded.get(BOUND.toSeconds(), TimeUnit.SECONDS).source());

        assertEquals(17, store.totalPuts(), "the job's 16 tiles, stored before the seeding call returned");
        assertTrue(store.putsByTile().values().stream().allMatch(count -> count.get() >= 1));
        assertEquals(4, seeder.metrics().getLockOperations(), "not one lock per tile");
        assertEquals(1, renderer.totalRenders());
    }

    @Test
    void theStoringLockFailingInTheJobServesTheTileButStoresNothingAndReleasesEverything() throws Exception {
        FanoutEngine engine = engine(2);
        TileKey asked = tile("roads", 0, 0);
        String storingKey = metatile(4, asked).storingLockKey();
        locks.failing(attempt -> attempt.key().equals(storingKey) && attempt.rank() == 2);

        TileResponse response = engine.getTile(request(asked, 4, renderer, encoder));
        awaitIdle(engine);

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(0, store.totalPuts());
        assertEquals(1, engine.metrics().getLockFailures());
        assertEquals(0, memoryLocks.held());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void oneRenderPerMetatileAndEachTileStoredOnceAcrossTwoProcessesUnderLoad() throws Exception {
        FanoutEngine[] processes = {engine(2), engine(2)};
        List<TileKey> tiles = new ArrayList<>();
        for (int x = 0; x < 16; x++) {
            for (int y = 0; y < 12; y++) {
                tiles.add(tile("roads", x, y));
            }
        }
        List<Future<Integer>> clientsDone = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        for (int c = 0; c < 12; c++) {
            FanoutEngine process = processes[c % 2];
            List<TileKey> order = new ArrayList<>(tiles);
            Collections.shuffle(order, new Random(c));
            clientsDone.add(clients.submit(() -> {
                start.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                int wrong = 0;
                for (TileKey tile : order) {
                    byte[] data =
                            process.getTile(request(tile, 4, renderer, encoder)).data();
                    wrong += RawEncoder.isPlainTile(data, ColorRenderer.colorOf(tile)) ? 0 : 1;
                }
                return wrong;
            }));
        }
        start.countDown();
        for (Future<Integer> done : clientsDone) {
            assertEquals(0, done.get(BOUND.toSeconds(), TimeUnit.SECONDS), "tiles with wrong pixels");
        }
        awaitIdle(processes[0]);
        awaitIdle(processes[1]);

        assertEquals(12, renderer.rendersByMetatile().size());
        assertTrue(renderer.rendersByMetatile().values().stream().allMatch(count -> count.get() == 1));
        assertEquals(tiles.size(), store.putsByTile().size());
        assertTrue(store.putsByTile().values().stream().allMatch(count -> count.get() == 1));
        assertTrue(locks.keys().stream().noneMatch(key -> key.startsWith("gwc_tile_")), "no tile lock at all");
        assertEquals(0, memoryLocks.held());
        for (Metatile metatile : renderer.rendersByMetatile().keySet()) {
            // one hold per metatile, by its job; every other attempt was a wait of a request
            assertEquals(1, locks.jobHolds(metatile.storingLockKey()));
            assertEquals(locks.attempts(metatile.storingLockKey()), locks.releases(metatile.storingLockKey()));
        }
    }

    private FanoutEngine engine(int poolSize) {
        FanoutEngine engine = new FanoutEngine(
                "test", locks, LockProtocol.STORING_LOCK, store, FanoutSettings.withPoolSize(poolSize));
        engines.add(engine);
        return engine;
    }

    private void awaitIdle(FanoutEngine engine) {
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && memoryLocks.held() == 0);
    }
}
