package io.github.metatilefanout.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A job's owner takes the locks of a 2x1 metatile ({@code acquireAll()}) while its requester, whose wait has reached
 * the deadline, decides the set of locks the job holds ({@code decide()}). Afterwards the owner releases every lock
 * ({@code releaseAll()}).
 *
 * <p>Result: whether tile 0's and tile 1's locks count as the job's ({@code isHeld}), and how many locks are still
 * taken after {@code releaseAll()} (a lock obtained after the decision must have been released at once).
 */
@JCStressTest
@Description("A lock is the job's exactly when the decision includes it; every lock taken is released once")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "The owner took both locks before the decision.")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "Decided between the two: tile 1's lock was not the job's.")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Decided before the owner took any lock.")
@Outcome(id = "0, 1, 0", expect = FORBIDDEN, desc = "Locks are taken in order: tile 1's cannot be held without 0's.")
@Outcome(id = "[01], [01], [1-9]", expect = FORBIDDEN, desc = "A lock taken was never released: it leaked.")
@Outcome(id = ".*, -1", expect = FORBIDDEN, desc = "A lock was released twice.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome breaks the decision.")
@State
public class LockDecisionRaceTest {

    private static final Metatile METATILE = StressFlight.METATILE;

    static {
        // the owner logs the locks it did not take: a line each time the decision comes first
        Logger.getLogger("io.github.metatilefanout").setLevel(Level.OFF);
    }

    private final AtomicInteger taken = new AtomicInteger();
    private final LockProvider counting = (key, timeout) -> {
        taken.incrementAndGet();
        AtomicInteger releases = new AtomicInteger();
        return () -> {
            if (releases.incrementAndGet() == 1) {
                taken.decrementAndGet();
            } else {
                taken.set(-1);
            }
        };
    };
    private final JobLocks locks = new JobLocks(
            LockProtocol.TILE_LOCKS,
            METATILE,
            counting,
            new FanoutMetrics(() -> 0, () -> 0, () -> 0, () -> 0),
            Duration.ofSeconds(10));

    @Actor
    public void owner() {
        locks.acquireAll();
    }

    @Actor
    public void requester() {
        locks.decide();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = locks.isHeld(0) ? 1 : 0;
        r.r2 = locks.isHeld(1) ? 1 : 0;
        locks.releaseAll();
        r.r3 = taken.get();
    }
}
