package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Jobs are independent: a job whose lock is held by another node, or whose lock provider is slow, delays
 * no other metatile's request. Runs with {@link LockProtocol#TILE_LOCKS} here and with {@link
 * LockProtocol#STORING_LOCK} in {@link JobIndependenceStoringLockTest}.
 */
class JobIndependenceTest {

    /** Longer than any wait of these tests: a request that waits for another job's lock waits this long. */
    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration BOUND = Duration.ofSeconds(20);

    LockProtocol protocol() {
        return LockProtocol.TILE_LOCKS;
    }

    private final HeldLocks memoryLocks = new HeldLocks();
    private final GatedLockProvider locks = new GatedLockProvider(memoryLocks);
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private final FanoutEngine engine = new FanoutEngine(
            "test", locks, protocol(), store, FanoutSettings.withPoolSize(2).withLockTimeout(LOCK_TIMEOUT));

    private final TileKey askedOfA = tile("roads", 0, 0);
    private final TileKey siblingOfA = tile("roads", 3, 3);
    private final TileKey askedOfB = tile("roads", 8, 8);

    @AfterEach
    void tearDown() {
        engine.close(Duration.ofSeconds(5));
        clients.shutdownNow();
    }

    /** The lock A's job takes for {@link #siblingOfA}, and which of that key's acquisitions it is. */
    private String jobLockOfSibling() {
        return protocol() == LockProtocol.TILE_LOCKS
                ? siblingOfA.lockKey()
                : metatile(4, siblingOfA).storingLockKey();
    }

    private int jobAttemptOfSibling() {
        return protocol() == LockProtocol.TILE_LOCKS ? 1 : 2; // the request takes the storing lock first
    }

    @Test
    void aJobWaitingForASlowLockDelaysNoOtherMetatile() throws Exception {
        CountDownLatch slowLock = new CountDownLatch(1);
        locks.gating(jobLockOfSibling(), jobAttemptOfSibling(), slowLock);
        Future<TileResponse> a = clients.submit(() -> engine.getTile(request(askedOfA, 4, renderer, encoder)));
        assertTrue(locks.awaitGateReached(BOUND), "A's job asks for its lock");

        TileResponse b = clients.submit(() -> engine.getTile(request(askedOfB, 4, renderer, encoder)))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertEquals(Source.RENDERED, b.source());
        assertTrue(RawEncoder.isPlainTile(b.data(), ColorRenderer.colorOf(askedOfB)));
        assertFalse(a.isDone(), "A still waits for its job's lock");
        slowLock.countDown();
        assertEquals(Source.RENDERED, a.get(BOUND.toSeconds(), TimeUnit.SECONDS).source());
        assertBothStoredWholeOnce();
    }

    @Test
    void aJobTakesItsLocksWhileItsMetatileRenders() throws Exception {
        CountDownLatch slowLock = new CountDownLatch(1);
        locks.gating(jobLockOfSibling(), jobAttemptOfSibling(), slowLock);
        AtomicBoolean lockedDuringRender = new AtomicBoolean();
        MetatileRenderer awaitingTheJobsLocks = metatile -> {
            lockedDuringRender.set(locks.awaitGateReached(Duration.ofSeconds(5)));
            slowLock.countDown();
            return renderer.render(metatile);
        };

        TileResponse a = clients.submit(() -> engine.getTile(request(askedOfA, 4, awaitingTheJobsLocks, encoder)))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertTrue(lockedDuringRender.get(), "A's job asked for its locks while A rendered");
        assertTrue(RawEncoder.isPlainTile(a.data(), ColorRenderer.colorOf(askedOfA)));
        awaitIdle();
        Metatile metatileOfA = metatile(4, askedOfA);
        assertEquals(1, renderer.renders(metatileOfA));
        for (int i = 0; i < metatileOfA.tileCount(); i++) {
            assertEquals(1, store.puts(metatileOfA.tile(i)), "puts of " + metatileOfA.tile(i));
        }
    }

    @Test
    void aFailedRenderReleasesTheLocksItsJobTookMeanwhile() throws Exception {
        CountDownLatch slowLock = new CountDownLatch(1);
        locks.gating(jobLockOfSibling(), jobAttemptOfSibling(), slowLock);
        MetatileRenderer failingOnceLocked = metatile -> {
            assertTrue(locks.awaitGateReached(BOUND));
            slowLock.countDown();
            throw new IllegalStateException("the WMS failed");
        };

        Future<TileResponse> a = clients.submit(() -> engine.getTile(request(askedOfA, 4, failingOnceLocked, encoder)));

        ExecutionException failed =
                assertThrows(ExecutionException.class, () -> a.get(BOUND.toSeconds(), TimeUnit.SECONDS));
        assertInstanceOf(TileException.class, failed.getCause());
        awaitIdle();
        assertEquals(0, store.totalPuts());
        assertTrue(engine.close(BOUND), "every thread ended: the holder let its job go");
    }

    @Test
    void aLockHeldByAnotherNodeDelaysNoOtherMetatile() throws Exception {
        if (protocol() != LockProtocol.TILE_LOCKS) {
            return; // no tile locks: the other node would hold A's storing lock, which A's request itself waits for
        }
        CountDownLatch otherNodeDone = new CountDownLatch(1);
        CountDownLatch otherNodeHolds = new CountDownLatch(1);
        Future<?> otherNode = clients.submit(() -> {
            LockProvider.Lock held = memoryLocks.acquire(siblingOfA.lockKey(), BOUND);
            try {
                otherNodeHolds.countDown();
                otherNodeDone.await(BOUND.toSeconds() * 3, TimeUnit.SECONDS);
            } finally {
                held.release();
            }
            return null;
        });
        assertTrue(otherNodeHolds.await(BOUND.toSeconds(), TimeUnit.SECONDS));
        Future<TileResponse> a = clients.submit(() -> engine.getTile(request(askedOfA, 4, renderer, encoder)));
        await().atMost(BOUND).until(() -> renderer.renders(metatile(4, askedOfA)) == 1);

        TileResponse b = clients.submit(() -> engine.getTile(request(askedOfB, 4, renderer, encoder)))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertTrue(RawEncoder.isPlainTile(b.data(), ColorRenderer.colorOf(askedOfB)));
        assertFalse(otherNode.isDone(), "the other node still holds the sibling's lock");
        otherNodeDone.countDown();
        otherNode.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertEquals(Source.RENDERED, a.get(BOUND.toSeconds(), TimeUnit.SECONDS).source());
        assertBothStoredWholeOnce();
    }

    /**
     * Six misses at once against a pool of two and a queue of two, every job held: four jobs get a thread of their
     * own, named after the engine, and the other two run on their requests' threads.
     */
    @Test
    void jobThreadsAreNamedAndNeverMoreThanThePoolAndItsQueue() throws Exception {
        CountDownLatch slowLock = new CountDownLatch(1);
        locks.gating(jobLockOfSibling(), jobAttemptOfSibling(), slowLock);
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        Future<TileResponse> a = clients.submit(() -> engine.getTile(request(askedOfA, 4, renderer, encoder)));
        assertTrue(locks.awaitGateReached(BOUND));
        for (int m = 1; m < 6; m++) {
            TileKey other = tile("roads", 8 * m, 8 * m);
            clients.submit(() -> engine.getTile(request(other, 4, renderer, encoder)))
                    .get(BOUND.toSeconds(), TimeUnit.SECONDS);
        }

        assertTrue(locks.gatedThread().matches("metatile-fanout-test-job-\\d+"), locks.gatedThread());
        long jobThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("metatile-fanout-test-job-"))
                .count();
        assertEquals(engine.settings().poolSize() + engine.settings().queueBound(), jobThreads);
        assertEquals(2, engine.metrics().getJobsRunOnCallerPoolFull());
        slowLock.countDown();
        poolGate.countDown();
        a.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        awaitIdle();
        assertEquals(6, renderer.totalRenders());
        assertEquals(6 * 16, store.totalPuts());
    }

    private void assertBothStoredWholeOnce() {
        awaitIdle();
        for (TileKey asked : List.of(askedOfA, askedOfB)) {
            Metatile metatile = metatile(4, asked);
            assertEquals(1, renderer.renders(metatile), "renders of " + metatile);
            for (int i = 0; i < metatile.tileCount(); i++) {
                assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
            }
        }
    }

    private void awaitIdle() {
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && memoryLocks.held() == 0);
    }
}
