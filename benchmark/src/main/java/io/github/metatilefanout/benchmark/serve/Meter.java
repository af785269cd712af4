package io.github.metatilefanout.benchmark.serve;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Watches every strategy alike: counts metatile images rendered and not yet disposed, and the most seen at
 * once (as the engine's {@code FanoutMetrics.getPeakMetatileImagesAlive()} does), adds up the time spent
 * rendering metatiles and encoding tiles, wherever it is spent, and counts lock acquisitions and releases
 * (as {@code FanoutMetrics.getLockOperations()} does) and the locks held.
 */
public final class Meter {

    private final AtomicInteger alive = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final LongAdder renders = new LongAdder();
    private final LongAdder renderNanos = new LongAdder();
    private final LongAdder encodes = new LongAdder();
    private final LongAdder encodeNanos = new LongAdder();
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

    void acquired(boolean obtained) {
        lockOperations.increment();
        if (obtained) {
            locksHeld.incrementAndGet();
        }
    }

    void released() {
        lockOperations.increment();
        locksHeld.decrementAndGet();
    }

    /** Images rendered and not yet disposed. */
    public int alive() {
        return alive.get();
    }

    /** Whether every image is disposed and every lock released. */
    public boolean idle() {
        return alive.get() == 0 && locksHeld.get() == 0;
    }

    /** The most images alive at once since the last {@link #reset()}. */
    public int peak() {
        return peak.get();
    }

    /** Mean render time in milliseconds since the last reset, or NaN when nothing was rendered. */
    public double meanRenderMillis() {
        return renderNanos.sum() / 1e6 / renders.sum();
    }

    /** Mean tile encode time in milliseconds since the last reset, or NaN when nothing was encoded. */
    public double meanEncodeMillis() {
        return encodeNanos.sum() / 1e6 / encodes.sum();
    }

    /**
     * Lock acquisitions and releases per metatile rendered since the last reset (each a round trip with a
     * lock provider shared by several nodes), or NaN when nothing was rendered.
     */
    public double lockOperationsPerRender() {
        return (double) lockOperations.sum() / renders.sum();
    }

    /** Starts a new peak from the images alive now, and new times and counts. */
    public void reset() {
        peak.set(alive.get());
        renders.reset();
        renderNanos.reset();
        encodes.reset();
        encodeNanos.reset();
        lockOperations.reset();
    }
}
