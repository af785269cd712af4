package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pool's hand-off to a thread whose keep-alive runs out, its bound on places, and its help to requesters. */
class FanoutPoolTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    private final FanoutMetrics metrics = new FanoutMetrics(() -> 1, () -> 0, () -> 0, () -> 0);
    private final HeldLocks locks = new HeldLocks();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final FanoutPool pool = new FanoutPool(1, 1, Duration.ofNanos(1), metrics);

    @AfterEach
    void tearDown() throws InterruptedException {
        pool.shutdown();
        assertTrue(pool.awaitTermination(System.nanoTime() + BOUND.toNanos()));
    }

    @Test
    void everyJobHandedToAThreadThatEndsAsSoonAsItIsIdleIsRun() throws Exception {
        int jobs = 500;
        for (int n = 0; n < jobs; n++) {
            FanoutJob job = job(tile("roads", 4 * (n % 16), 4 * (n / 16 % 16)));
            assertTrue(pool.trySubmit(job), "job " + n + " refused");
            assertTrue(job.awaitFinished(BOUND), "job " + n + " never ran");
        }
        assertEquals(jobs * 16, store.totalPuts());
        assertEquals(0, locks.held());
    }

    @Test
    void aPoolOfOneThreadAndAQueueOfOneTakesTwoJobsAndRefusesTheThird() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(gate);
        FanoutJob running = job(tile("roads", 0, 0));
        FanoutJob queued = job(tile("roads", 4, 0));

        assertTrue(pool.trySubmit(running));
        assertTrue(pool.trySubmit(queued));
        assertFalse(pool.trySubmit(job(tile("roads", 8, 0))));

        gate.countDown();
        assertTrue(running.awaitFinished(BOUND) && queued.awaitFinished(BOUND));
    }

    @Test
    void betweenTheTilesOfItsOwnJobAPoolThreadEncodesTilesOfAJobARequesterRunsItself() throws Exception {
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        FanoutJob running = job(tile("roads", 0, 0));
        assertTrue(pool.trySubmit(running));
        // the requester's encodes wait until a pool thread has encoded a tile of its job
        CountDownLatch requesterEncoding = new CountDownLatch(1);
        CountDownLatch helped = new CountDownLatch(1);
        Set<String> helpers = ConcurrentHashMap.newKeySet();
        TileEncoder requesterWaitsForHelp = (image, bounds) -> {
            String thread = Thread.currentThread().getName();
            if (thread.startsWith(RawEncoder.POOL_THREAD_PREFIX)) {
                helpers.add(thread);
                helped.countDown();
            } else if (thread.equals("requester")) {
                requesterEncoding.countDown();
                if (!awaitQuietly(helped)) {
                    throw new IOException("no pool thread helped");
                }
            }
            return encoder.encode(image, bounds);
        };
        TileKey asked = tile("roads", 8, 0);
        FanoutJob awaited = job(asked, requesterWaitsForHelp);
        ExecutorService requester = Executors.newSingleThreadExecutor(task -> new Thread(task, "requester"));
        try {
            Future<Boolean> ran = requester.submit(() -> pool.runAwaited(awaited));
            assertTrue(awaitQuietly(requesterEncoding));

            poolGate.countDown();

            assertTrue(ran.get(BOUND.toSeconds(), TimeUnit.SECONDS));
            assertEquals(1, helpers.size(), "the pool's thread helped: " + helpers);
            Metatile metatile = metatile(4, asked);
            for (int i = 0; i < metatile.tileCount(); i++) {
                assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
            }
            assertTrue(running.awaitFinished(BOUND));
            assertEquals(32, store.totalPuts());
            assertEquals(0, locks.held());
        } finally {
            requester.shutdownNow();
        }
    }

    private static boolean awaitQuietly(CountDownLatch latch) {
        try {
            return latch.await(BOUND.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private FanoutJob job(TileKey asked) throws Exception {
        return job(asked, encoder);
    }

    private FanoutJob job(TileKey asked, TileEncoder tileEncoder) throws Exception {
        Metatile metatile = metatile(4, asked);
        InFlightMetatile flight = new InFlightMetatile(
                metatile,
                metatile.indexOf(asked),
                CachePolicy.PERSIST,
                tileEncoder,
                renderer.render(metatile),
                metrics);
        flight.encodeRequested();
        JobLocks jobLocks = JobLocks.takenByOwner(LockProtocol.TILE_LOCKS, metatile, locks, metrics);
        return new FanoutJob(flight, jobLocks, store, BOUND, metrics, finished -> {});
    }
}
