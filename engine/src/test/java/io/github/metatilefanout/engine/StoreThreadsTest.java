package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import io.github.metatilefanout.engine.store.MemoryTileStore;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link io.github.metatilefanout.engine.settings.Setting#STORE_THREADS}: a metatile's puts go out concurrently, at
 * most {@code storeThreads} at once for the engine, and each tile's lock is held until its own put has returned.
 * The store blocks every put on a latch, as an object store a long round trip away would.
 */
class StoreThreadsTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private final CountDownLatch putsMayReturn = new CountDownLatch(1);
    private final BlockingStore store = new BlockingStore(putsMayReturn);
    private final TrackedLocks locks = new TrackedLocks(store);
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private FanoutEngine engine;

    @AfterEach
    void tearDown() {
        putsMayReturn.countDown();
        if (engine != null) {
            engine.close();
        }
    }

    /** Two metatiles' 32 puts in flight at once on a store that blocks them: never more than storeThreads. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 16})
    void atMostStoreThreadsPutsAreInFlightAndEachTileLockIsHeldUntilItsPutReturns(int storeThreads) throws Exception {
        engine = new FanoutEngine(
                "test",
                locks,
                LockProtocol.TILE_LOCKS,
                store,
                FanoutSettings.withPoolSize(2).withStoreThreads(storeThreads));
        Metatile first = metatile(4, tile("roads", 0, 0));
        Metatile second = metatile(4, tile("roads", 8, 8));

        engine.getTile(request(first.tile(0), 4, renderer, encoder));
        engine.getTile(request(second.tile(0), 4, renderer, encoder));

        // every tile encoded and handed to the writer; none of the puts may return yet
        await().atMost(BOUND).until(() -> store.inFlight() >= storeThreads && encoder.completed() == 32);
        assertEquals(storeThreads, store.inFlight(), "puts in flight");
        for (Metatile metatile : List.of(first, second)) {
            for (int i = 0; i < metatile.tileCount(); i++) {
                TileKey tile = metatile.tile(i);
                assertTrue(locks.isHeld(tile.lockKey()), tile + "'s lock held while its put is pending");
            }
        }

        putsMayReturn.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.heldCount() == 0);
        assertEquals(32, store.returned().size(), "puts returned");
        assertEquals(storeThreads, store.mostInFlight(), "most puts in flight at once");
        assertEquals(List.of(), locks.releasedBeforeTheirPutReturned());
    }

    /** With no store threads the job's own thread puts each tile: one put at a time per job. */
    @Test
    void withNoStoreThreadsEachJobPutsOneTileAtATime() throws Exception {
        engine = new FanoutEngine(
                "test",
                locks,
                LockProtocol.TILE_LOCKS,
                store,
                FanoutSettings.withPoolSize(2).withStoreThreads(0));

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));

        await().atMost(BOUND).until(() -> store.inFlight() == 1);
        putsMayReturn.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.heldCount() == 0);
        assertEquals(16, store.returned().size());
        assertEquals(1, store.mostInFlight());
        assertEquals(List.of(), locks.releasedBeforeTheirPutReturned());
    }

    /** A store whose persistent puts wait for a latch (at most 20 s), counting the puts in flight. */
    private static final class BlockingStore implements TileStore {

        private final MemoryTileStore memory = new MemoryTileStore();
        private final CountDownLatch mayReturn;
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicInteger mostInFlight = new AtomicInteger();
        private final Set<TileKey> returned = ConcurrentHashMap.newKeySet();

        BlockingStore(CountDownLatch mayReturn) {
            this.mayReturn = mayReturn;
        }

        @Override
        public StoredTile get(TileKey tile) throws IOException {
            return memory.get(tile);
        }

        @Override
        public void put(TileKey tile, byte[] data) throws IOException {
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                if (!mayReturn.await(BOUND.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IOException("the test never let the put of " + tile + " return");
                }
                memory.put(tile, data);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            } finally {
                returned.add(tile);
                inFlight.decrementAndGet();
            }
        }

        @Override
        public StoredTile getTransient(TileKey tile) {
            return memory.getTransient(tile);
        }

        @Override
        public void putTransient(TileKey tile, byte[] data) {
            memory.putTransient(tile, data);
        }

        int inFlight() {
            return inFlight.get();
        }

        int mostInFlight() {
            return mostInFlight.get();
        }

        Set<TileKey> returned() {
            return returned;
        }
    }

    /**
     * In-process locks that know which keys are held, and which tile locks a job took ({@link JobLocks}) were
     * released before their tile's put returned. A request's own short hold of its tile's lock, to look it up while
     * nothing stores it, is not a job's.
     */
    private static final class TrackedLocks implements LockProvider {

        private static final StackWalker STACK = StackWalker.getInstance();

        private final MemoryLockProvider locks = new MemoryLockProvider();
        private final Set<String> held = ConcurrentHashMap.newKeySet();
        private final List<String> releasedEarly = new CopyOnWriteArrayList<>();
        private final BlockingStore store;

        TrackedLocks(BlockingStore store) {
            this.store = store;
        }

        @Override
        public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
            boolean forJob =
                    STACK.walk(frames -> frames.anyMatch(f -> f.getClassName().equals(JobLocks.class.getName())));
            Lock lock = locks.acquire(key, timeout);
            held.add(key);
            return () -> {
                if (forJob
                        && key.startsWith("gwc_tile_")
                        && store.returned().stream()
                                .noneMatch(tile -> tile.lockKey().equals(key))) {
                    releasedEarly.add(key);
                }
                held.remove(key);
                lock.release();
            };
        }

        boolean isHeld(String key) {
            return held.contains(key);
        }

        int heldCount() {
            return held.size();
        }

        List<String> releasedBeforeTheirPutReturned() {
            return releasedEarly;
        }
    }
}
