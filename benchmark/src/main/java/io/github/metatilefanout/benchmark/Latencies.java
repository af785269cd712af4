package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.EnumMap;
import java.util.Map;
import org.openjdk.jmh.util.SampleBuffer;

/**
 * The times of the requests answered during the iteration under way, per strategy, for {@link
 * HarnessProfiler} to report; safe for every client thread at once.
 */
final class Latencies {

    private final Map<Strategy, SampleBuffer> samples = new EnumMap<>(Strategy.class);

    /** Adds the time, in nanoseconds, of one request answered by {@code strategy}. */
    synchronized void add(Strategy strategy, long nanos) {
        samples.computeIfAbsent(strategy, s -> new SampleBuffer()).add(nanos);
    }

    /** The times added since the last call, per strategy; the next ones start afresh. */
    synchronized Map<Strategy, SampleBuffer> take() {
        Map<Strategy, SampleBuffer> taken = new EnumMap<>(samples);
        samples.clear();
        return taken;
    }
}
