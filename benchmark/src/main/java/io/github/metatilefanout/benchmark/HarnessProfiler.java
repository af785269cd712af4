package io.github.metatilefanout.benchmark;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/**
 * Reports, for each iteration of the benchmark running in this JVM, what it {@linkplain #watch watches}: a
 * harness's {@linkplain Harness#figures figures}, or those of {@linkplain StrategiesInTurn strategies
 * served in turn}, named by strategy. The profiles add it; through JMH's own command line name it: {@code
 * -prof io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
public final class HarnessProfiler implements InternalProfiler {

    private static volatile Harness harness;
    private static volatile StrategiesInTurn inTurn;

    /** Makes {@code watched} the one reported. */
    static void watch(Harness watched) {
        inTurn = null;
        harness = watched;
    }

    /** Makes {@code watched} the one reported. */
    static void watch(StrategiesInTurn watched) {
        harness = null;
        inTurn = watched;
    }

    @Override
    public String getDescription() {
        return "Metatile images alive at peak, render and encode times, pool use, tiles/s and request times per"
                + " strategy of the serving harness";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        StrategiesInTurn watched = inTurn;
        if (watched != null) {
            watched.takeFigures(); // an iteration reports its own requests only
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        Harness watchedHarness = harness;
        StrategiesInTurn watched = inTurn;
        return watched != null
                ? watched.takeFigures()
                : watchedHarness != null ? watchedHarness.figures("") : List.of();
    }
}
