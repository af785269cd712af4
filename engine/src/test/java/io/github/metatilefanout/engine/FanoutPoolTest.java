package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pool's hand-off to a thread whose keep-alive runs out, and its bound on places. */
class FanoutPoolTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    private final FanoutMetrics metrics = new FanoutMetrics(() -> 1, () -> 0, () -> 0, () -> 0);
    private final MemoryLockProvider locks = new MemoryLockProvider();
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
        assertEquals(0, locks.activeKeys());
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

    private FanoutJob job(TileKey asked) throws Exception {
        Metatile metatile = metatile(4, asked);
        InFlightMetatile flight = new InFlightMetatile(
                metatile, metatile.indexOf(asked), CachePolicy.PERSIST, encoder, renderer.render(metatile), metrics);
        flight.encodeRequested();
        JobLocks jobLocks = JobLocks.takenByOwner(LockProtocol.TILE_LOCKS, metatile, locks, metrics);
        return new FanoutJob(flight, jobLocks, store, BOUND, metrics, finished -> {});
    }
}
