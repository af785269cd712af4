package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The promises of docs/how-it-works.md under the conditions that broke them: seeding while a metatile is
 * in flight, a busy pool, interruption, close, {@code Error}s, failing lock providers, ownership. They run
 * with {@link LockProtocol#TILE_LOCKS} here and with {@link LockProtocol#STORING_LOCK} in {@link
 * FanoutPromisesStoringLockTest}.
 */
class FanoutPromisesTest {

    /** The protocol of every engine of these tests. */
    LockProtocol protocol() {
        return LockProtocol.TILE_LOCKS;
    }

    /** The lock that guards {@code tile} while a job stores it: its own, or its metatile's storing lock. */
    private String jobLockKey(TileKey tile) {
        return protocol() == LockProtocol.TILE_LOCKS
                ? tile.lockKey()
                : metatile(4, tile).storingLockKey();
    }

    private static final Duration BOUND = Duration.ofSeconds(20);

    private final HeldLocks locks = new HeldLocks();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private FanoutEngine engine = new FanoutEngine("test", locks, protocol(), store, FanoutSettings.withPoolSize(2));

    @AfterEach
    void tearDown() {
        engine.close(Duration.ofSeconds(5));
        clients.shutdownNow();
    }

    // 1. Seeding is synchronous, whatever state the metatile is in.

    @Test
    void seedingASiblingOfAMetatileInFlightReturnsOnlyOnceEveryTileIsStored() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        TileKey asked = tile("roads", 0, 0);
        TileKey seeded = tile("roads", 2, 1);
        engine.getTile(request(asked, 4, renderer, encoder));

        AtomicReference<Thread> seeder = new AtomicReference<>();
        Future<Integer> storedWhenSeedingReturned = clients.submit(() -> {
            seeder.set(Thread.currentThread());
            engine.getTile(Fixtures.seeding(request(seeded, 4, renderer, encoder)));
            return store.totalPuts();
        });
        awaitBlockedOrDone(seeder, storedWhenSeedingReturned);
        putGate.countDown();

        assertEquals(16, storedWhenSeedingReturned.get(BOUND.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, renderer.totalRenders());
    }

    @Test
    void seedingAStoredTileWaitsForItsSiblingsBeingStoredByAnInteractiveJob() throws Exception {
        TileKey seeded = tile("roads", 0, 0);
        TileKey missing = tile("roads", 3, 3);
        store.put(seeded, new byte[] {1}); // stored earlier
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        engine.getTile(request(missing, 4, renderer, encoder));

        AtomicReference<Thread> seeder = new AtomicReference<>();
        Future<Integer> storedWhenSeedingReturned = clients.submit(() -> {
            seeder.set(Thread.currentThread());
            TileResponse response = engine.getTile(Fixtures.seeding(request(seeded, 4, renderer, encoder)));
            assertEquals(Source.CACHE, response.source());
            return store.totalPuts();
        });
        awaitBlockedOrDone(seeder, storedWhenSeedingReturned);
        putGate.countDown();

        assertEquals(1 + 16, storedWhenSeedingReturned.get(BOUND.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void seedingASiblingOfAQueuedJobReturnsOnceThatJobHasStoredEveryTile() throws Exception {
        CountDownLatch poolGate = occupyTheOnlyPoolThread();
        TileKey queued = tile("roads", 20, 20);
        engine.getTile(request(queued, 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1);
        Metatile queuedMetatile = metatile(4, queued);

        Future<Integer> storedWhenSeedingReturned = clients.submit(() -> {
            engine.getTile(Fixtures.seeding(request(tile("roads", 21, 22), 4, renderer, encoder)));
            return (int) java.util.stream.IntStream.range(0, 16)
                    .filter(i -> store.puts(queuedMetatile.tile(i)) == 1)
                    .count();
        });
        poolGate.countDown();

        assertEquals(16, storedWhenSeedingReturned.get(BOUND.toSeconds(), TimeUnit.SECONDS));
        awaitIdle();
        assertEquals(32, store.totalPuts());
        assertEquals(2, renderer.totalRenders());
    }

    // 2. The first tile never waits on the pool.

    @Test
    void requestAnswersWhileItsJobWaitsInTheQueueBehindABusyPool() throws Exception {
        CountDownLatch poolGate = occupyTheOnlyPoolThread();
        TileKey asked = tile("roads", 20, 20);

        TileResponse response =
                assertTimeoutPreemptively(BOUND, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(0, store.puts(asked), "answered before its job started");
        assertEquals(2, engine.metrics().getJobsHandedOff());
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1); // its thread waits for a turn
        assertEquals(0, store.puts(asked), "stored before its turn");
        poolGate.countDown();
        awaitIdle();
        assertEquals(32, store.totalPuts());
        assertEquals(2, renderer.totalRenders());
        assertEquals(0, engine.metrics().getJobsRunOnCallerPoolFull());
    }

    @Test
    void siblingFromAnotherProcessWaitsForAQueuedJobInsteadOfRenderingAgain() throws Exception {
        CountDownLatch poolGate = occupyTheOnlyPoolThread();
        TileKey asked = tile("roads", 20, 20);
        TileKey sibling = tile("roads", 23, 23);
        engine.getTile(request(asked, 4, renderer, encoder));
        FanoutEngine otherProcess = new FanoutEngine("test", locks, protocol(), store, FanoutSettings.withPoolSize(0));
        try {
            Future<TileResponse> fromOther =
                    clients.submit(() -> otherProcess.getTile(request(sibling, 4, renderer, encoder)));
            poolGate.countDown();

            TileResponse response = fromOther.get(BOUND.toSeconds(), TimeUnit.SECONDS);
            assertEquals(Source.CACHE, response.source());
            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        } finally {
            otherProcess.close();
        }
        awaitIdle();
        assertEquals(2, renderer.totalRenders());
        assertEquals(1, store.puts(sibling));
    }

    // 3. Interruption while rendering.

    @Test
    void interruptedWhileRenderingGivesATileExceptionAndKeepsTheFlag() throws Exception {
        CountDownLatch rendering = new CountDownLatch(1);
        MetatileRenderer sleeping = metatile -> {
            rendering.countDown();
            Thread.sleep(BOUND.toMillis());
            return renderer.render(metatile);
        };
        CompletableFuture<Boolean> flagKept = new CompletableFuture<>();
        Thread requester = new Thread(() -> {
            try {
                engine.getTile(request(tile("roads", 0, 0), 4, sleeping, encoder));
                flagKept.completeExceptionally(new AssertionError("expected a TileException"));
            } catch (TileException e) {
                flagKept.complete(Thread.currentThread().isInterrupted());
            } catch (Throwable e) {
                flagKept.completeExceptionally(e);
            }
        });
        requester.start();
        assertTrue(rendering.await(BOUND.toSeconds(), TimeUnit.SECONDS));
        requester.interrupt();

        assertTrue(flagKept.get(BOUND.toSeconds(), TimeUnit.SECONDS));
        await().atMost(BOUND).until(() -> locks.held() == 0);
        assertEquals(0, engine.metrics().getMetatilesInFlight());
    }

    // 4. close()

    @Test
    void closeAbandonsTilesNotStartedReleasesTheirLocksAndLeavesNoThread() throws Exception {
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 0, 0), 10, renderer, encoder));
        await().atMost(BOUND).until(() -> encoder.started() >= 2);

        assertTimeoutPreemptively(BOUND, () -> engine.close(Duration.ofMillis(200)));
        int startedWhenClosed = encoder.started();
        poolGate.countDown();

        assertEquals(0, liveThreads("metatile-fanout"), "threads left after close");
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(startedWhenClosed, encoder.started(), "encodes started after close returned");
        assertTrue(engine.metrics().getTilesAbandoned() >= 100 - startedWhenClosed);
    }

    @Test
    void closeEndsTheJobThreadsStartedBeforeAndAfterAReconfigure() throws Exception {
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> encoder.started() >= 1);
        engine.reconfigure(FanoutSettings.withPoolSize(3));
        engine.getTile(request(tile("roads", 40, 40), 4, renderer, encoder));

        assertTimeoutPreemptively(BOUND, () -> engine.close(Duration.ofMillis(200)));
        poolGate.countDown();

        assertEquals(0, liveThreads("metatile-fanout"), "threads left after close");
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void closeStoresTheTilesAlreadyEncodedOfAJobThatNeverStarted() throws Exception {
        CountDownLatch poolGate = occupyTheOnlyPoolThread();
        TileKey queued = tile("roads", 20, 20);
        engine.getTile(request(queued, 4, renderer, encoder));

        engine.close(Duration.ofMillis(200));
        poolGate.countDown();

        assertEquals(1, store.puts(queued));
        assertEquals(0, locks.held());
        assertEquals(0, liveThreads("metatile-fanout"));
        assertTrue(renderer.everyImageDisposedOnce());
    }

    // 5. Errors on any thread.

    @Test
    void errorFromTheRendererReachesTheCallerCountedWithNothingHeld() {
        MetatileRenderer outOfMemory = metatile -> {
            throw new OutOfMemoryError("test: rendering");
        };

        assertThrows(
                OutOfMemoryError.class, () -> engine.getTile(request(tile("roads", 0, 0), 4, outOfMemory, encoder)));

        assertEquals(1, engine.metrics().getRenderFailures());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
    }

    @Test
    void errorEncodingTheRequestedTileReachesTheCallerAndTheOtherTilesAreStored() {
        TileKey asked = tile("roads", 0, 0);
        encoder.throwingFor(tileBounds(asked)::equals, new OutOfMemoryError("test: encoding"));

        assertThrows(OutOfMemoryError.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        awaitIdle();
        assertEquals(15, store.totalPuts());
        assertEquals(0, store.puts(asked));
        assertEquals(1, engine.metrics().getEncodeFailures());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void errorEncodingTheRequestedTileOnTheSynchronousPathLeavesNothingInFlight() {
        engine.reconfigure(FanoutSettings.withPoolSize(0));
        TileKey asked = tile("roads", 0, 0);
        encoder.throwingFor(tileBounds(asked)::equals, new OutOfMemoryError("test: encoding"));

        assertThrows(OutOfMemoryError.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertEquals(15, store.totalPuts());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void errorEncodingAnotherTileOnThePoolIsLoggedCountedAndTheRestStored() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        TileKey failing = tile("roads", 2, 2);
        encoder.throwingFor(tileBounds(failing)::equals, new OutOfMemoryError("test: encoding"));

        try (LogCapture log = new LogCapture()) {
            engine.getTile(request(asked, 4, renderer, encoder));
            awaitIdle();
            assertEquals(1, log.count("failed to encode (the first: " + failing + ")"));
        }
        assertEquals(15, store.totalPuts());
        assertEquals(1, engine.metrics().getEncodeFailures());
        assertTrue(renderer.everyImageDisposedOnce());
        assertPoolStillServes();
    }

    @Test
    void errorFromTheStoreIsLoggedCountedAndTheOtherTilesStored() throws Exception {
        TileKey failing = tile("roads", 1, 3);
        store.throwingFor(failing::equals, new OutOfMemoryError("test: storing"));

        try (LogCapture log = new LogCapture()) {
            engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
            awaitIdle();
            assertEquals(1, log.count("Storing tile " + failing + " failed"));
        }
        assertEquals(15, store.totalPuts());
        assertEquals(1, engine.metrics().getStoreFailures());
        assertTrue(renderer.everyImageDisposedOnce());
        assertPoolStillServes();
    }

    @Test
    void errorFromATileLockInTheJobServesThatTileWithoutStoringIt() throws Exception {
        TileKey failing = tile("roads", 3, 0);
        LockProvider failingForOneTile = (key, timeout) -> {
            if (key.equals(jobLockKey(failing)) && !isRequestThread()) {
                throw new OutOfMemoryError("test: locking");
            }
            return locks.acquire(key, timeout);
        };
        engine.close();
        engine = new FanoutEngine("test", failingForOneTile, protocol(), store, FanoutSettings.withPoolSize(2));

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        awaitIdle();

        assertEquals(protocol() == LockProtocol.TILE_LOCKS ? 15 : 0, store.totalPuts(), "the tiles it guards");
        assertEquals(0, store.puts(failing));
        assertEquals(1, engine.metrics().getLockFailures());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    // 6. A lock whose release() throws.

    @Test
    void lockWhoseReleaseThrowsIsLoggedAndCountedOnceAndTheJobGoesOn() throws Exception {
        TileKey badRelease = tile("roads", 1, 0);
        LockProvider throwingOnRelease = (key, timeout) -> {
            LockProvider.Lock lock = locks.acquire(key, timeout);
            if (!key.equals(jobLockKey(badRelease)) || isRequestThread()) {
                return lock;
            }
            return () -> {
                lock.release();
                throw new IllegalStateException("test: release failed");
            };
        };
        engine.close();
        engine = new FanoutEngine("test", throwingOnRelease, protocol(), store, FanoutSettings.withPoolSize(2));

        try (LogCapture log = new LogCapture()) {
            engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
            awaitIdle();
            assertEquals(1, log.count("Releasing lock '" + jobLockKey(badRelease) + "' failed"));
        }
        assertEquals(16, store.totalPuts());
        assertEquals(1, engine.metrics().getLockReleaseFailures());
        assertPoolStillServes();
    }

    // 7. Lock-provider failures on the request path.

    @Test
    void lockProviderFailureOnTheMetatileLockIsALockTimeoutNamingTheKey() {
        TileKey asked = tile("roads", 0, 0);
        String metatileKey = metatile(4, asked).lockKey();
        useLockProviderFailingOn(metatileKey, new RuntimeException("test: lock wait timed out"));

        LockTimeoutException failure =
                assertThrows(LockTimeoutException.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertTrue(failure.getMessage().contains("\'" + metatileKey + "\'"), failure.getMessage());
        assertTrue(failure.getMessage().contains(metatileKey), failure.getMessage());
        assertEquals(0, locks.held());
        assertEquals(0, renderer.totalRenders());
    }

    @Test
    void lockProviderFailureOnTheTileLockIsALockTimeoutNamingTheKeyWithNothingHeld() {
        TileKey asked = tile("roads", 0, 0);
        useLockProviderFailingOn(jobLockKey(asked), new IllegalStateException("test: NIO lock timed out"));

        LockTimeoutException failure =
                assertThrows(LockTimeoutException.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertTrue(failure.getMessage().contains("\'" + jobLockKey(asked) + "\'"), failure.getMessage());
        assertEquals(0, locks.held());
        assertEquals(0, renderer.totalRenders());
    }

    // 8. Ownership: only the job's owner stores tiles.

    @Test
    void onlyTheJobsOwnerStoresTilesWhileSiblingRequestsEncodeSome() throws Exception {
        engine.reconfigure(FanoutSettings.withPoolSize(4).withStoreThreads(0));
        encoder.taking(Duration.ofMillis(2));
        TileKey asked = tile("roads", 0, 0);
        Metatile metatile = metatile(10, asked);
        engine.getTile(request(asked, 10, renderer, encoder));
        for (int i = 1; i < 10; i++) {
            engine.getTile(request(metatile.tile(i * 10), 10, renderer, encoder));
        }
        awaitIdle();

        assertEquals(100, store.totalPuts());
        assertEquals(1, store.storingThreads().size(), "threads that stored: " + store.storingThreads());
        assertTrue(store.storingThreads().iterator().next().startsWith("metatile-fanout-test-job-"));
        assertTrue(engine.metrics().getTilesEncodedOnRequestThread() > 1, "sibling requests encoded too");
    }

    // 9. The queue bound counts metatile jobs; metrics say which event happened.

    @Test
    void queueBoundCountsMetatileJobsOnlyAndAFullPoolIsCountedAsSuch() throws Exception {
        engine.reconfigure(new FanoutSettings(2, 1, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        AtomicInteger deepest = new AtomicInteger();
        for (int m = 0; m < 4; m++) {
            engine.getTile(request(tile("roads", 10 * m, 0), 10, renderer, encoder));
            deepest.accumulateAndGet(engine.metrics().getQueueDepth(), Math::max);
        }

        assertEquals(1, deepest.get());
        assertEquals(3, engine.metrics().getJobsHandedOff());
        assertEquals(1, engine.metrics().getJobsRunOnCallerPoolFull());
        poolGate.countDown();
        awaitIdle();
        assertEquals(400, store.totalPuts());
        assertEquals(4, renderer.totalRenders());
    }

    @Test
    void jobsSubmittedBeforeTheirThreadsStartEachGetAThreadWithoutAQueue() throws Exception {
        engine.reconfigure(new FanoutSettings(2, 0, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        engine.getTile(request(tile("roads", 20, 20), 4, renderer, encoder));

        assertEquals(2, engine.metrics().getJobsHandedOff());
        assertEquals(0, engine.metrics().getJobsRunOnCallerPoolFull());
        poolGate.countDown();
        awaitIdle();
        assertEquals(32, store.totalPuts());
    }

    /**
     * A pool of one thread and a queue of one, its thread busy with a metatile of its own until the returned
     * gate opens.
     */
    private CountDownLatch occupyTheOnlyPoolThread() throws TileException {
        engine.reconfigure(new FanoutSettings(1, 1, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getActiveThreads() == 1);
        return poolGate;
    }

    private void useLockProviderFailingOn(String failingKey, RuntimeException failure) {
        LockProvider failing = (key, timeout) -> {
            if (key.equals(failingKey)) {
                throw failure;
            }
            return locks.acquire(key, timeout);
        };
        engine.close();
        engine = new FanoutEngine("test", failing, protocol(), store, FanoutSettings.withPoolSize(2));
    }

    private void assertPoolStillServes() throws Exception {
        TileKey other = tile("roads", 40, 40);
        engine.getTile(request(other, 4, renderer, encoder));
        awaitIdle();
        assertEquals(1, store.puts(metatile(4, other).tile(5)));
        assertFalse(engine.metrics().getActiveThreads() > engine.settings().poolSize());
    }

    private void awaitIdle() {
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
    }

    /** Waits until {@code thread} parks (it waits for something) or its task is done. */
    private static void awaitBlockedOrDone(AtomicReference<Thread> thread, Future<?> task) {
        await().atMost(BOUND)
                .until(() -> task.isDone()
                        || (thread.get() != null
                                && (thread.get().getState() == Thread.State.WAITING
                                        || thread.get().getState() == Thread.State.TIMED_WAITING)));
    }

    private static java.awt.Rectangle tileBounds(TileKey tile) {
        Metatile metatile = metatile(4, tile);
        return metatile.tileBounds(metatile.indexOf(tile));
    }

    private static boolean isRequestThread() {
        return !Thread.currentThread().getName().startsWith("metatile-fanout");
    }

    private static int liveThreads(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .count();
    }
}
