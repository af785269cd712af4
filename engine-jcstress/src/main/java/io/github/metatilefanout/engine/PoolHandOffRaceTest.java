package io.github.metatilefanout.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two jobs handed to a pool of one thread and a queue of one whose idle thread ends at once ({@code keepAlive} of a
 * nanosecond), so that one job may be submitted just as the thread that ran the other ends: the pool takes both and
 * every job it takes is run by one of its threads, never left in the queue with no thread to run it.
 *
 * <p>Result: the jobs the pool took, the jobs that finished within ten seconds, and how many of two more jobs the
 * pool takes once its thread has put both behind it (its two places free again: both).
 */
@JCStressTest
@Description("A job handed over while the pool's only thread ends for lack of work is still run")
@Outcome(id = "2, 2, 2", expect = ACCEPTABLE, desc = "Both jobs taken and run.")
@Outcome(expect = FORBIDDEN, desc = "A job refused, never run, or a place lost.")
@State
public class PoolHandOffRaceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final LockProvider NO_LOCKS = (key, timeout) -> () -> {};

    private final FanoutMetrics metrics = new FanoutMetrics(() -> 0, () -> 0, () -> 0, () -> 0);
    private final FanoutPool pool = new FanoutPool(1, 1, Duration.ofNanos(1), metrics);
    private final FanoutJob first = job();
    private final FanoutJob second = job();
    private volatile boolean firstTaken;
    private volatile boolean secondTaken;

    @Actor
    public void firstRequester() {
        firstTaken = pool.trySubmit(first);
    }

    @Actor
    public void secondRequester() {
        secondTaken = pool.trySubmit(second);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = (firstTaken ? 1 : 0) + (secondTaken ? 1 : 0);
        try {
            r.r2 = (first.awaitFinished(TIMEOUT) ? 1 : 0) + (second.awaitFinished(TIMEOUT) ? 1 : 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r.r2 = -1;
        }
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (pool.activeThreads() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait(); // a finished job's place returns just after it counts as finished
        }
        r.r3 = (pool.trySubmit(job()) ? 1 : 0) + (pool.trySubmit(job()) ? 1 : 0);
        pool.shutdown();
    }

    private FanoutJob job() {
        StressFlight stress = new StressFlight(0);
        stress.flight.encodeRequested();
        JobLocks locks = JobLocks.takenByOwner(LockProtocol.TILE_LOCKS, StressFlight.METATILE, NO_LOCKS, metrics);
        return new FanoutJob(stress.flight, locks, new DiscardingStore(), TIMEOUT, metrics, finished -> {});
    }
}
