package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.Results;
import io.github.metatilefanout.benchmark.serve.ServingSetup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Reports, for each iteration of the benchmark running in this JVM, what its {@linkplain #watch watched}
 * serving setup saw: {@value Results#PEAK_IMAGES}, the most metatile images alive at once (the maximum
 * over iterations), and {@value Results#RENDER_MS} and {@value Results#ENCODE_MS}, the mean time of a
 * metatile render and of a tile encode during the iteration, wherever they ran.
 */
public final class HarnessProfiler implements InternalProfiler {

    private static volatile ServingSetup watched;

    /** Makes {@code setup} the one reported. */
    static void watch(ServingSetup setup) {
        watched = setup;
    }

    @Override
    public String getDescription() {
        return "Peak metatile images alive, mean render and encode times of the serving harness";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {}

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        ServingSetup setup = watched;
        if (setup == null) {
            return List.of();
        }
        List<Result> results = new ArrayList<>();
        results.add(new ScalarResult(Results.PEAK_IMAGES, setup.census().peak(), "images", AggregationPolicy.MAX));
        double render = setup.meter().meanRenderMillis();
        if (!Double.isNaN(render)) {
            results.add(new ScalarResult(Results.RENDER_MS, render, "ms", AggregationPolicy.AVG));
        }
        double encode = setup.meter().meanEncodeMillis();
        if (!Double.isNaN(encode)) {
            results.add(new ScalarResult(Results.ENCODE_MS, encode, "ms", AggregationPolicy.AVG));
        }
        return results;
    }
}
