package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.seeding;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a job ends when its writes are slow, when the engine closes during its render, and when its clean-up itself
 * fails: every tile stored before a seed call returns, every lock released and every image freed.
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

    // ---------------------------------------------------------------------------------------------------------------
    // Finding 1: a job stops waiting for its writes after one lock timeout without a completion
    // (FanoutJob.storeTiles, poll(lockTimeout) -> return), then releases its locks and leaves the in-flight registry
    // while its tiles are still queued in the TileWriter. Writes of all jobs share one FIFO queue, so one slow put
    // starves every job behind it.
    // ---------------------------------------------------------------------------------------------------------------

    /**
     * Store threads busy with a slow put of the job's own first tile (any stall longer than the lock timeout, or a
     * backlog of other jobs' writes): the job gives up, releases its tile locks and leaves the registry before its
     * tiles are stored; a sibling asked next on the same node renders the metatile a second time (and its tile is
     * then stored twice).
     */
    @Test
    void aSeedCallReturnsOnlyOnceEveryTileIsStoredEvenBehindAnotherJobsSlowWrite() throws Exception {
        TileKey slowOne = tile("roads", 0, 0); // its put waits 10 s, then fails; every other write queues behind it
        CountingStore store = new CountingStore().putsGatedBy(storeGate, slowOne::equals);
        engine("review2", LockProtocol.TILE_LOCKS, store, settings(1, 1, 1, ONE_SECOND));
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
     * Every edge bounded: the writes in the TileWriter's queue are bounded by the jobs alive only while jobs wait for
     * their writes. After giving up, a job frees its slot and the next job adds its writes: with the store stalled,
     * the unbounded LinkedBlockingQueue (TileWriter.java:232-233) grows by a metatile's tiles with every miss, while
     * no job is alive and no lock protects those tiles.
     */
    @Test
    void closeDuringARenderLeavesNoJobInFlightAndDisposesItsImage() throws Exception {
        CountDownLatch render = new CountDownLatch(1);
        ColorRenderer slow = new ColorRenderer().gatedBy(render);
        engine("review4", LockProtocol.TILE_LOCKS, new CountingStore(), settings(1, 1, 1, Duration.ofSeconds(30)));
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
        assertTrue(
                settled,
                "close returned " + clean + "; 5 s after the request answered: metatiles in flight "
                        + engine.metrics().getMetatilesInFlight() + ", images alive "
                        + engine.metrics().getMetatileImagesAlive() + ", " + slow.imagesAlive()
                        + " never disposed");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Finding 3: a job thread gives its slot back (released.run(), FanoutJob.java:174) before it has finished: it
    // still removes the job from the registry and disposes the image (the job's release is usually the last). A
    // slow dispose lets poolSize + queueBound + 1 job threads live at once.
    // ---------------------------------------------------------------------------------------------------------------

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
        engine("review7", LockProtocol.STORING_LOCK, new CountingStore(), settings(1, 1, 1, Duration.ofSeconds(30)));
        jobLogger.addHandler(failing);
        try {
            engine.getTile(request(tile("roads", 0, 0), 4, renderer, failingOnPool));
            await().atMost(BOUND).until(() -> aliveThreads("metatile-fanout-review7-job-") == 0);
        } finally {
            jobLogger.removeHandler(failing);
        }

        assertTrue(
                eventually(Duration.ofSeconds(3), () -> locks.held() == 0),
                "locks held after the job's thread ended: " + locks.held() + ", metatiles in flight "
                        + engine.metrics().getMetatilesInFlight());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Finding 6: EngineThreads.newThread registers each thread before it is started and drops only TERMINATED ones
    // (EngineThreads.java:378-379). A thread whose start() threw (OutOfMemoryError: unable to create native thread)
    // stays NEW, so it and its job are kept for ever, and every later newThread scans them all.
    // ---------------------------------------------------------------------------------------------------------------

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
