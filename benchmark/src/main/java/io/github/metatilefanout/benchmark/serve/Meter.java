package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Watches every strategy alike: metatile images alive and the most at once, the time spent rendering and
 * encoding wherever it is spent, the time of requests for a seeded tile, lock acquisitions and releases, and the
 * locks held.
 */
public final class Meter {

    private final AtomicInteger alive = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final LongAdder renders = new LongAdder();
    private final LongAdder renderNanos = new LongAdder();
    private final LongAdder encodes = new LongAdder();
    private final LongAdder encodeNanos = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder hitNanos = new LongAdder();
    private final LongAdder lockOperations = new LongAdder();
    private final AtomicInteger locksHeld = new AtomicInteger();

    void rendered(long nanos) {
        peak.accumulateAndGet(alive.incrementAndGet(), Math::max);
        renders.increment();
        renderNanos.add(nanos);
    }

    void disposed() {
        alive.decrementAndGet();
    }

    void encoded(long nanos) {
        encodes.increment();
        encodeNanos.add(nanos);
    }

    /** A request for a seeded tile took {@code nanos}. */
    public void hit(long nanos) {
        hits.increment();
        hitNanos.add(nanos);
    }

    /** {@code locks}, every acquisition (obtained or not) and release counted, the locks held followed. */
    LockProvider metered(LockProvider locks) {
        return (key, timeout) -> {
            LockProvider.Lock lock;
            try {
                lock = locks.acquire(key, timeout);
            } catch (LockTimeoutException | InterruptedException | RuntimeException e) {
                lockOperations.increment();
                throw e;
            }
            lockOperations.increment();
            locksHeld.incrementAndGet();
            return () -> {
                lock.release();
                lockOperations.increment();
                locksHeld.decrementAndGet();
            };
        };
    }

    /** Whether every image is disposed and every lock released. */
    public boolean idle() {
        return alive.get() == 0 && locksHeld.get() == 0;
    }

    /** The most images alive at once since the last {@link #reset()}. */
    public int peak() {
        return peak.get();
    }

    /** Mean render time in ms since the last reset; NaN when none. */
    public double meanRenderMillis() {
        return renderNanos.sum() / 1e6 / renders.sum();
    }

    /** Mean tile encode time in ms since the last reset; NaN when none. */
    public double meanEncodeMillis() {
        return encodeNanos.sum() / 1e6 / encodes.sum();
    }

    /** Mean time in ms of a request for a seeded tile since the last reset; NaN when none. */
    public double meanHitMillis() {
        return hitNanos.sum() / 1e6 / hits.sum();
    }

    /** Lock acquisitions and releases per metatile rendered since the last reset. */
    public double lockOperationsPerRender() {
        return (double) lockOperations.sum() / renders.sum();
    }

    /** Starts a new peak from the images alive now, new times and counts. */
    public void reset() {
        peak.set(alive.get());
        renders.reset();
        renderNanos.reset();
        encodes.reset();
        encodeNanos.reset();
        hits.reset();
        hitNanos.reset();
        lockOperations.reset();
    }
}
