package io.github.metatilefanout.benchmark;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/**
 * Reports, for each iteration of the benchmark running in this JVM, the figures it {@linkplain #watch
 * watches}: a harness's, or those of each strategy served in turn. The profiles add it; through JMH's own
 * command line: {@code -prof io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
public final class HarnessProfiler implements InternalProfiler {

    private static volatile Supplier<List<Result>> watched = List::of;

    /** Makes {@code figures} the ones reported; each call gives those since the one before, or since set-up. */
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
