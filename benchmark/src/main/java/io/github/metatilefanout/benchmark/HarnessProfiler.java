package io.github.metatilefanout.benchmark;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/** Reports the figures it {@linkplain #watch watches} after each iteration ({@code -prof} on JMH's command line). */
public final class HarnessProfiler implements InternalProfiler {

    private static volatile Supplier<List<Result>> watched = List::of;

    /** Reports {@code figures}: each call gives those since the one before. */
    static void watch(Supplier<List<Result>> figures) {
        watched = figures;
    }

    @Override
    public String getDescription() {
        return "Metatile images alive at peak, render and encode times, pool use, tiles/s and request times per"
                + " strategy of the serving harness";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        watched.get(); // an iteration reports its own requests only
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        return watched.get();
    }
}
