package io.github.metatilefanout.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A job handed to the pool is started by a pool thread (its owner, which then takes its locks itself if
 * nobody has) while its requester gives the locks to a {@link LockHolder} of the job's own: exactly one of
 * the two takes the job's two tile locks, and the same thread releases them once the owner asks.
 *
 * <p>Result: whether the requester's holder got the locks (1) or not (0), how many acquisitions the owner
 * made on its own thread, the acquisitions in all, and the releases made on another thread than the
 * acquisition plus the locks still held at the end (0 is right).
 */
@JCStressTest
@Description("One thread holds a job's locks, acquires each once, and releases them itself")
@Outcome(id = "1, 0, 2, 0", expect = ACCEPTABLE, desc = "The requester's holder took and released the locks.")
@Outcome(id = "0, 2, 2, 0", expect = ACCEPTABLE, desc = "The owner started first and took and released them itself.")
@Outcome(expect = FORBIDDEN, desc = "Locks taken twice, by both threads, not at all, or released by another thread.")
@State
public class HolderBindingRaceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ThreadCheckingLocks provider = new ThreadCheckingLocks();
    private final FanoutMetrics metrics = new FanoutMetrics(() -> 0, () -> 0, () -> 0, () -> 0);
    private final LockHolders holders = new LockHolders(1, TIMEOUT, "jcstress-", metrics);
    private final JobLocks locks = new JobLocks(LockProtocol.TILE_LOCKS, StressFlight.METATILE, provider, metrics);

    @Actor
    public void requester(IIII_Result r) {
        r.r1 = locks.acquireOn(holders.tryReserve(), TIMEOUT) ? 1 : 0;
    }

    @Actor
    public void owner(IIII_Result r) {
        locks.acquireOnThisThread(TIMEOUT);
        r.r2 = provider.acquiredBy(Thread.currentThread());
        try {
            if (locks.awaitAcquired(TIMEOUT)) {
                locks.releaseAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        try {
            holders.shutdown();
            holders.awaitTermination(TIMEOUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        r.r3 = provider.acquisitions.get();
        r.r4 = provider.misreleases.get() + provider.held.size();
    }

    /** Locks that remember their acquiring thread and count releases made by another one. */
    private static final class ThreadCheckingLocks implements LockProvider {
        final AtomicInteger acquisitions = new AtomicInteger();
        final AtomicInteger misreleases = new AtomicInteger();
        final Map<String, Thread> held = new ConcurrentHashMap<>();
        final Map<Thread, AtomicInteger> byThread = new ConcurrentHashMap<>();

        @Override
        public Lock acquire(String key, Duration timeout) {
            Thread owner = Thread.currentThread();
            acquisitions.incrementAndGet();
            byThread.computeIfAbsent(owner, t -> new AtomicInteger()).incrementAndGet();
            held.put(key, owner);
            return () -> {
                if (Thread.currentThread() != owner) {
                    misreleases.incrementAndGet();
                }
                held.remove(key);
            };
        }

        int acquiredBy(Thread thread) {
            AtomicInteger count = byThread.get(thread);
            return count == null ? 0 : count.get();
        }
    }
}
