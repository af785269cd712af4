package io.github.metatilefanout.benchmark.serve;

import java.util.concurrent.atomic.LongAdder;

/** Adds up the time spent rendering metatiles and encoding tiles, wherever it is spent. */
public final class CostMeter {

    private final LongAdder renders = new LongAdder();
    private final LongAdder renderNanos = new LongAdder();
    private final LongAdder encodes = new LongAdder();
    private final LongAdder encodeNanos = new LongAdder();

    void rendered(long nanos) {
        renders.increment();
        renderNanos.add(nanos);
    }

    void encoded(long nanos) {
        encodes.increment();
        encodeNanos.add(nanos);
    }

    /** Mean render time in milliseconds since the last reset, or NaN when nothing was rendered. */
    public double meanRenderMillis() {
        return mean(renderNanos, renders);
    }

    /** Mean tile encode time in milliseconds since the last reset, or NaN when nothing was encoded. */
    public double meanEncodeMillis() {
        return mean(encodeNanos, encodes);
    }

    /** Starts counting afresh. */
    public void reset() {
        renders.reset();
        renderNanos.reset();
        encodes.reset();
        encodeNanos.reset();
    }

    private static double mean(LongAdder nanos, LongAdder count) {
        long n = count.sum();
        return n == 0 ? Double.NaN : nanos.sum() / 1e6 / n;
    }
}
