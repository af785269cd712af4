package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.seeding;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a job ends when its writes or its turn are slow, when the engine closes during its render, and when its
 * clean-up itself fails: every tile stored before a seed call returns, every lock released, every image freed, and
 * no more job threads than slots.
 */
class JobEndingTest {

    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    private final HeldLocks locks = new HeldLocks();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private final CountDownLatch storeGate = new CountDownLatch(1);
    private FanoutEngine engine;

    @AfterEach
    void tearDown() {
        storeGate.countDown();
        if (engine != null) {
            engine.close(Duration.ofSeconds(2));
        }
        clients.shutdownNow();
    }

    private FanoutEngine engine(String name, LockProtocol protocol, TileStore store, FanoutSettings settings) {
        engine = new FanoutEngine(name, locks, protocol, store, settings);
        return engine;
    }

    private static FanoutSettings settings(int pool, int queue, int storeThreads, Duration lockTimeout) {
        return new FanoutSettings(pool, queue, storeThreads, lockTimeout, false);
    }

    /**
     * One store thread, busy with another job's put for 10 s, ten lock timeouts: a seed call still returns only once
     * every tile of its metatile is stored.
     */
    @Test
    void aSeedCallReturnsOnlyOnceEveryTileIsStoredEvenBehindAnotherJobsSlowWrite() throws Exception {
        TileKey slowOne = tile("roads", 0, 0); // its put waits 10 s, then fails; every other write queues behind it
        CountingStore store = new CountingStore().putsGatedBy(storeGate, slowOne::equals);
        engine("behind", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getTilesEncodedOnPool() == 15); // its writes are queued

        TileKey seeded = tile("roads", 8, 8);
        Metatile seededMetatile = metatile(4, seeded);
        engine.getTile(seeding(request(seeded, 4, renderer, encoder)));

        int stored = 0;
        for (int i = 0; i < seededMetatile.tileCount(); i++) {
            stored += store.puts(seededMetatile.tile(i)) > 0 ? 1 : 0;
        }
        assertEquals(16, stored, "tiles of the seeded metatile stored when the seeding call returned");
    }

    /**
     * The store stalls on the job's first tile, past two lock timeouts: the job keeps its metatile in flight, so a
     * sibling asked meanwhile is served from memory, with no second render.
     */
    @Test
    void aSiblingOfAJobWhoseWritesAreStalledPastTheLockTimeoutIsNotRenderedAgain() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        Metatile metatile = metatile(4, asked);
        CountingStore store = new CountingStore().putsGatedBy(storeGate, asked::equals);
        engine("stalled", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
        engine.getTile(request(asked, 4, renderer, encoder));

        await().during(ONE_SECOND.multipliedBy(2))
                .atMost(BOUND)
                .until(() -> engine.metrics().getMetatilesInFlight() == 1 && locks.held() == 16);
        TileResponse sibling = engine.getTile(request(metatile.tile(5), 4, renderer, encoder));
        storeGate.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);

        assertTrue(RawEncoder.isPlainTile(sibling.data(), ColorRenderer.colorOf(metatile.tile(5))));
        assertEquals(1, renderer.renders(metatile));
        assertEquals(16, store.totalPuts(), "each tile stored once");
        assertEquals(0, locks.held());
    }

    /**
     * The only pool thread encodes a job for longer than two lock timeouts: the job queued behind it waits for its
     * turn, warned about, and then stores every tile.
     */
    @Test
    void aQueuedJobThatWaitsLongerThanTheLockTimeoutForATurnStillStoresItsTiles() throws Exception {
        CountDownLatch poolEncodes = new CountDownLatch(1);
        CountingStore store = new CountingStore();
        TileKey queued = queueAJobBehindTheOnlyPoolThread("queued", store, poolEncodes);
        await().during(ONE_SECOND.multipliedBy(2))
                .atMost(BOUND)
                .until(() -> engine.metrics().getQueueDepth() == 1
                        && engine.metrics().getTilesAbandoned() == 0);

        poolEncodes.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);

        Metatile queuedMetatile = metatile(4, queued);
        for (int i = 0; i < queuedMetatile.tileCount(); i++) {
            assertEquals(1, store.puts(queuedMetatile.tile(i)), "puts of " + queuedMetatile.tile(i));
        }
        assertEquals(0, engine.metrics().getTilesAbandoned());
    }

    /**
     * A seed call for a sibling of a job queued behind a busy pool for three lock timeouts waits for that job and
     * returns once it has stored every tile.
     */
    @Test
    void aSeedCallForAMetatileWhoseJobIsQueuedPastTheLockTimeoutReturnsOnceItsTilesAreStored() throws Exception {
        CountDownLatch poolEncodes = new CountDownLatch(1);
        CountingStore store = new CountingStore();
        TileKey queued = queueAJobBehindTheOnlyPoolThread("seedqueued", store, poolEncodes);
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1);

        Future<TileResponse> seed =
                clients.submit(() -> engine.getTile(seeding(request(tile("roads", 9, 9), 4, renderer, encoder))));
        await().during(ONE_SECOND.multipliedBy(3)).atMost(BOUND).until(() -> !seed.isDone());
        poolEncodes.countDown();
        seed.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        Metatile queuedMetatile = metatile(4, queued);
        for (int i = 0; i < queuedMetatile.tileCount(); i++) {
            assertEquals(1, store.puts(queuedMetatile.tile(i)), "puts of " + queuedMetatile.tile(i));
        }
        assertEquals(1, renderer.renders(queuedMetatile));
    }

    /**
     * A seed call's job waits one lock timeout (1 s) for tile 5, which a sibling request claimed and encodes for
     * longer: the seed call fails, naming the tile not stored, which is counted.
     */
    @Test
    void aSeedCallWhoseSiblingEncodesATilePastTheLockTimeoutFailsSayingSo() throws Exception {
        Metatile metatile = metatile(4, tile("roads", 0, 0));
        CountDownLatch seedEncoding = new CountDownLatch(1);
        CountDownLatch siblingClaimed = new CountDownLatch(1);
        CountDownLatch siblingEncodes = new CountDownLatch(1);
        AtomicBoolean firstOfTile5 = new AtomicBoolean(true);
        TileEncoder gated = (image, bounds) -> {
            if (bounds.equals(metatile.tileBounds(0))) {
                seedEncoding.countDown();
                awaitQuietly(siblingClaimed);
            } else if (bounds.equals(metatile.tileBounds(5)) && firstOfTile5.compareAndSet(true, false)) {
                siblingClaimed.countDown();
                awaitQuietly(siblingEncodes);
            }
            return encoder.encode(image, bounds);
        };
        CountingStore store = new CountingStore();
        engine("seedslow", LockProtocol.TILE_LOCKS, store, settings(1, 1, 2, ONE_SECOND));
        Future<TileResponse> seed =
                clients.submit(() -> engine.getTile(seeding(request(metatile.tile(0), 4, renderer, gated))));
        assertTrue(seedEncoding.await(BOUND.toSeconds(), TimeUnit.SECONDS));
        Future<TileResponse> sibling =
                clients.submit(() -> engine.getTile(request(metatile.tile(5), 4, renderer, gated)));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> seed.get(BOUND.toSeconds(), SECONDS));
        siblingEncodes.countDown();
        sibling.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertInstanceOf(TileException.class, failed.getCause());
        assertTrue(
                failed.getCause().getMessage().contains("1 tiles of metatile"),
                failed.getCause().getMessage());
        assertEquals(15, store.totalPuts());
        assertEquals(0, store.puts(metatile.tile(5)));
        assertEquals(1, engine.metrics().getTilesAbandoned());
    }

    /**
     * The engine closes while a seed call's own job encodes tile 3: the job abandons the tiles nobody has started,
     * and the seed call fails, saying how many were not stored.
     */
    @Test
    void aSeedCallCutShortByCloseFailsSayingHowManyTilesWereNotStored() throws Exception {
        Metatile metatile = metatile(4, tile("roads", 0, 0));
        CountDownLatch inTile3 = new CountDownLatch(1);
        CountDownLatch tile3 = new CountDownLatch(1);
        TileEncoder gated = (image, bounds) -> {
            if (bounds.equals(metatile.tileBounds(3))) {
                inTile3.countDown();
                awaitQuietly(tile3);
            }
            return encoder.encode(image, bounds);
        };
        CountingStore store = new CountingStore();
        engine("seedclose", LockProtocol.TILE_LOCKS, store, settings(1, 1, 2, Duration.ofSeconds(30)));
        Future<TileResponse> seed =
                clients.submit(() -> engine.getTile(seeding(request(metatile.tile(0), 4, renderer, gated))));
        assertTrue(inTile3.await(BOUND.toSeconds(), TimeUnit.SECONDS));

        engine.close(Duration.ofMillis(500));
        tile3.countDown();
        ExecutionException failed = assertThrows(ExecutionException.class, () -> seed.get(BOUND.toSeconds(), SECONDS));

        assertInstanceOf(TileException.class, failed.getCause());
        long abandoned = engine.metrics().getTilesAbandoned();
        assertEquals(16, store.totalPuts() + abandoned, "stored " + store.totalPuts() + ", abandoned " + abandoned);
        assertTrue(failed.getCause().getMessage().contains(abandoned + " tiles of metatile"), failed.getMessage());
        assertEquals(0, locks.held());
    }

    /**
     * One store thread, its put held, 15 writes queued behind it: close drops the queued writes, and the seed call
     * fails, saying 15 tiles were not stored.
     */
    @Test
    void aSeedCallWhoseQueuedWritesAreDroppedAtCloseFails() throws Exception {
        CountingStore store = new CountingStore().putsGatedBy(storeGate);
        engine("dropped", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, Duration.ofSeconds(30)));
        Future<TileResponse> seed = seedUntilEncoded();

        engine.close(Duration.ofMillis(500));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> seed.get(BOUND.toSeconds(), SECONDS));

        assertInstanceOf(TileException.class, failed.getCause());
        assertTrue(
                failed.getCause().getMessage().startsWith("15 tiles of metatile"),
                failed.getCause().getMessage());
        assertEquals(0, store.totalPuts());
        assertEquals(0, locks.held());
    }

    /**
     * Close with a grace longer than the lock timeout while a seed call's writes are held: its tiles stay locked past
     * the lock timeout, and once the writes go through, all 16 are stored and the seed call returns normally.
     */
    @Test
    void aSeedCallsTilesStayLockedUntilWrittenWhileTheEngineClosesWithinItsGrace() throws Exception {
        CountingStore store = new CountingStore().putsGatedBy(storeGate);
        engine("graceful", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
        Future<TileResponse> seed = seedUntilEncoded();

        int held = locks.held(); // the 16 tiles' and the seed call's own

        Future<Boolean> closing = clients.submit(() -> engine.close(Duration.ofSeconds(15)));
        await().during(ONE_SECOND.multipliedBy(2)).atMost(BOUND).until(() -> !seed.isDone() && locks.held() == held);
        storeGate.countDown();

        seed.get(BOUND.toSeconds(), SECONDS);
        assertTrue(closing.get(BOUND.toSeconds(), SECONDS));
        assertTrue(held >= 16, "locks held while the writes were held: " + held);
        assertEquals(16, store.totalPuts());
        assertEquals(0, engine.metrics().getTilesAbandoned());
    }

    /**
     * The only store thread ends on an {@code Error} and no other can start, 15 writes left queued with no thread:
     * close drops them, says it was clean only once nothing is queued, and the seed call fails saying so.
     */
    @Test
    void writesQueuedWithNoStoreThreadLeftAreDroppedAtCloseAndTheSeedCallFails() throws Exception {
        CountingStore store =
                new CountingStore().putsGatedBy(storeGate).throwingFor(t -> true, new StackOverflowError("injected"));
        engine("orphaned", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
        ThreadPoolExecutor writes = (ThreadPoolExecutor) field(field(engine, "writer"), "executor");
        ThreadFactory threads = writes.getThreadFactory();
        AtomicInteger started = new AtomicInteger();
        writes.setThreadFactory(work -> {
            if (started.incrementAndGet() == 1) {
                return threads.newThread(work);
            }
            throw new OutOfMemoryError("unable to create native thread");
        });
        Future<TileResponse> seed = seedUntilEncoded();
        await().atMost(BOUND).until(() -> writes.getQueue().size() == 15);
        storeGate.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getStoreFailures() == 1 && writes.getPoolSize() == 0);

        engine.close(Duration.ofMillis(500));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> seed.get(BOUND.toSeconds(), SECONDS));

        assertTrue(
                failed.getCause().getMessage().startsWith("15 tiles of metatile"),
                failed.getCause().getMessage());
        assertEquals(0, writes.getQueue().size());
        assertEquals(0, locks.held());
    }

    /**
     * A job's thread keeps its slot until it has freed its metatile's image: while the first job's image is being
     * disposed, a second request with pool 1 and queue 0 finds no slot before its render, and no second job thread
     * lives.
     */
    @Test
    void jobThreadsAliveNeverExceedPoolPlusQueueWhileAJobDisposesItsImage() throws Exception {
        CountDownLatch disposeEntered = new CountDownLatch(1);
        CountDownLatch dispose = new CountDownLatch(1);
        Metatile first = metatile(4, tile("roads", 0, 0));
        MetatileRenderer slowDispose = metatile -> {
            MetatileImage image = renderer.render(metatile);
            return !metatile.equals(first)
                    ? image
                    : MetatileImage.of(image.image(), () -> {
                        disposeEntered.countDown();
                        awaitQuietly(dispose);
                        image.dispose();
                    });
        };
        engine("dispose", LockProtocol.TILE_LOCKS, new CountingStore(), settings(1, 0, 1, Duration.ofSeconds(30)));
        engine.getTile(request(tile("roads", 0, 0), 4, slowDispose, encoder));
        assertTrue(disposeEntered.await(BOUND.toSeconds(), TimeUnit.SECONDS));

        CountDownLatch secondRender = new CountDownLatch(1);
        ColorRenderer gated = new ColorRenderer().gatedBy(secondRender);
        Future<TileResponse> second =
                clients.submit(() -> engine.getTile(request(tile("roads", 8, 8), 4, gated, encoder)));
        assertTrue(gated.awaitRenderStarted(BOUND));
        int alive = aliveThreads("metatile-fanout-dispose-job-");
        secondRender.countDown();
        dispose.countDown();
        second.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertEquals(1, alive, "job threads alive (pool 1 + queue 0)");
    }

    /** A thread whose start fails (the process is out of threads) is not kept, nor its job with it. */
    @Test
    void aThreadNeverStartedIsNotKept() throws Exception {
        EngineThreads threads = new EngineThreads("unstarted", "job");
        for (int i = 0; i < 1000; i++) {
            threads.newThread(() -> {}); // as JobThreads.tryStart when start() throws: never started
        }

        assertEquals(0, ((Set<?>) field(threads, "started")).size(), "threads kept");
    }

    /**
     * Close with a grace shorter than a render: the job's thread, interrupted while it waits for its hand-over, ends
     * without counting a failure; its requester then drops the job and frees its image.
     */
    @Test
    void closeDuringARenderLeavesNoJobInFlightAndDisposesItsImage() throws Exception {
        CountDownLatch render = new CountDownLatch(1);
        ColorRenderer slow = new ColorRenderer().gatedBy(render);
        engine("closing", LockProtocol.TILE_LOCKS, new CountingStore(), settings(1, 1, 1, Duration.ofSeconds(30)));
        TileKey asked = tile("roads", 0, 0);
        Future<TileResponse> answered = clients.submit(() -> engine.getTile(request(asked, 4, slow, encoder)));
        assertTrue(slow.awaitRenderStarted(BOUND));
        await().atMost(BOUND).until(() -> locks.held() == 1 + 16); // M's lock, and the job's 16 tile locks

        boolean clean = engine.close(Duration.ofMillis(300));
        render.countDown();
        answered.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        boolean settled = eventually(
                Duration.ofSeconds(5),
                () -> engine.metrics().getMetatilesInFlight() == 0
                        && engine.metrics().getMetatileImagesAlive() == 0);
        assertEquals(0, engine.metrics().getInternalFailures(), "an interrupt at close is no failure");
        assertTrue(
                settled,
                "close returned " + clean + "; 5 s after the request answered: metatiles in flight "
                        + engine.metrics().getMetatilesInFlight() + ", images alive "
                        + engine.metrics().getMetatileImagesAlive() + ", " + slow.imagesAlive()
                        + " never disposed");
    }

    /** An {@code Error} thrown while the job logs its encode failures: the job's storing lock is still released. */
    @Test
    void anErrorWhileLoggingEncodeFailuresStillReleasesTheJobsLocks() throws Exception {
        Logger jobLogger = Logger.getLogger(FanoutJob.class.getName());
        Handler failing = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getMessage() != null && record.getMessage().contains("failed to encode")) {
                    throw new OutOfMemoryError("Java heap space (simulated while logging)");
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        RawEncoder failingOnPool = new RawEncoder()
                .failingFor(bounds -> Thread.currentThread().getName().startsWith("metatile-fanout-"));
        engine("logging", LockProtocol.STORING_LOCK, new CountingStore(), settings(1, 1, 1, Duration.ofSeconds(30)));
        jobLogger.addHandler(failing);
        try {
            engine.getTile(request(tile("roads", 0, 0), 4, renderer, failingOnPool));
            await().atMost(BOUND).until(() -> aliveThreads("metatile-fanout-logging-job-") == 0);
        } finally {
            jobLogger.removeHandler(failing);
        }

        assertTrue(
                eventually(Duration.ofSeconds(3), () -> locks.held() == 0),
                "locks held after the job's thread ended: " + locks.held() + ", metatiles in flight "
                        + engine.metrics().getMetatilesInFlight());
    }

    /**
     * Pool 1, queue 1, lock timeout 1 s: a first job encodes on the only pool thread until {@code poolEncodes} opens;
     * a second request answers and its job waits for a turn.
     *
     * @return the tile of the second request
     */
    private TileKey queueAJobBehindTheOnlyPoolThread(String name, TileStore store, CountDownLatch poolEncodes)
            throws TileException {
        RawEncoder gatedOnPool = new RawEncoder().poolThreadsGatedBy(poolEncodes);
        engine(name, LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, gatedOnPool));
        await().atMost(BOUND).until(() -> gatedOnPool.started() == 2);
        TileKey queued = tile("roads", 8, 8);
        engine.getTile(request(queued, 4, renderer, gatedOnPool));
        return queued;
    }

    /** A seed call for a 4x4 metatile, returned once its 16 tiles are encoded. */
    private Future<TileResponse> seedUntilEncoded() {
        Future<TileResponse> seed =
                clients.submit(() -> engine.getTile(seeding(request(tile("roads", 0, 0), 4, renderer, encoder))));
        await().atMost(BOUND)
                .until(() -> engine.metrics().getTilesEncodedOnCaller()
                                + engine.metrics().getTilesEncodedOnRequestThread()
                        == 16);
        return seed;
    }

    private static int aliveThreads(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .count();
    }

    /** Whether {@code condition} holds within {@code timeout}; never throws on a timeout. */
    private static boolean eventually(Duration timeout, BooleanSupplier condition) {
        try {
            await().atMost(timeout).until(condition::getAsBoolean);
            return true;
        } catch (ConditionTimeoutException e) {
            return false;
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(BOUND.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }
}
