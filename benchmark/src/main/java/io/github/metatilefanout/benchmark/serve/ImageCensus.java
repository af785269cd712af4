package io.github.metatilefanout.benchmark.serve;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts metatile images rendered and not yet disposed, and the most seen at once, the way the engine's
 * {@code FanoutMetrics.getPeakMetatileImagesAlive()} does, so that every strategy is measured alike.
 */
public final class ImageCensus {

    private final AtomicInteger alive = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();

    /** A metatile image was rendered. */
    void rendered() {
        peak.accumulateAndGet(alive.incrementAndGet(), Math::max);
    }

    /** A metatile image was disposed. */
    void disposed() {
        alive.decrementAndGet();
    }

    /** Images rendered and not yet disposed. */
    public int alive() {
        return alive.get();
    }

    /** The most images alive at once since the last {@link #resetPeak()}. */
    public int peak() {
        return peak.get();
    }

    /** Starts a new peak from the images alive now. */
    public void resetPeak() {
        peak.set(alive.get());
    }
}
