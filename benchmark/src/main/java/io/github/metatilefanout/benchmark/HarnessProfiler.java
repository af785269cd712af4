package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.Results;
import io.github.metatilefanout.benchmark.serve.PoolUse;
import io.github.metatilefanout.benchmark.serve.ServingSetup;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.SampleBuffer;

/**
 * Reports, for each iteration of the benchmark running in this JVM, what its {@linkplain #watch watched}
 * serving setup saw: {@value Results#PEAK_IMAGES}, the most metatile images alive at once (the maximum
 * over iterations), and {@value Results#RENDER_MS} and {@value Results#ENCODE_MS}, the mean time of a
 * metatile render and of a tile encode during the iteration, wherever they ran.
 *
 * <p>For a benchmark that serves several strategies in turn and {@linkplain #watch(Latencies, Map) watches}
 * their request times, it reports per strategy (named by {@link Results#ofStrategy}, such as {@code
 * fanout.latency}) {@value Results#LATENCY}: the times of the requests answered during the iteration, as
 * a sample-time result with percentiles (JMH merges the samples of the iterations), {@value
 * Results#RENDER_MS} and {@value Results#ENCODE_MS} as above, and for a server whose pool may be full
 * {@value Results#HANDED_OFF} and {@value Results#RAN_ON_CALLER}, the metatiles it handed to its pool and
 * those it ran on the request thread (summed over the iterations).
 */
public final class HarnessProfiler implements InternalProfiler {

    private static volatile ServingSetup watched;
    private static volatile Latencies latencies;
    private static volatile Map<Strategy, Harness> watchedInTurn = Map.of();

    /** Makes {@code setup} the one reported. */
    static void watch(ServingSetup setup) {
        watched = setup;
    }

    /** Makes {@code requestTimes} and the harnesses of the strategies served in turn the ones reported. */
    static void watch(Latencies requestTimes, Map<Strategy, Harness> harnesses) {
        watchedInTurn = Map.copyOf(harnesses);
        latencies = requestTimes;
    }

    @Override
    public String getDescription() {
        return "Peak metatile images alive, mean render and encode times of the serving harness, request times"
                + " per strategy of benchmarks that serve strategies in turn";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        Latencies requestTimes = latencies;
        if (requestTimes != null) {
            requestTimes.take(); // nothing should be left, but an iteration reports its own requests only
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        List<Result> results = new ArrayList<>();
        ServingSetup setup = watched;
        if (setup != null) {
            results.add(new ScalarResult(Results.PEAK_IMAGES, setup.census().peak(), "images", AggregationPolicy.MAX));
            costs(results, name -> name, setup);
        }
        Latencies requestTimes = latencies;
        if (requestTimes != null) {
            for (Map.Entry<Strategy, SampleBuffer> times : requestTimes.take().entrySet()) {
                results.add(new SampleTimeResult(
                        ResultRole.SECONDARY,
                        Results.ofStrategy(times.getKey(), Results.LATENCY),
                        times.getValue(),
                        TimeUnit.MILLISECONDS));
            }
            watchedInTurn.forEach((strategy, harness) -> {
                costs(results, name -> Results.ofStrategy(strategy, name), harness.setup());
                PoolUse used = harness.poolUseThisIteration();
                if (!used.equals(PoolUse.NONE)) {
                    results.add(new ScalarResult(
                            Results.ofStrategy(strategy, Results.HANDED_OFF),
                            used.handedOff(),
                            "metatiles",
                            AggregationPolicy.SUM));
                    results.add(new ScalarResult(
                            Results.ofStrategy(strategy, Results.RAN_ON_CALLER),
                            used.ranOnCaller(),
                            "metatiles",
                            AggregationPolicy.SUM));
                }
            });
        }
        return results;
    }

    /** The mean render and encode times of {@code setup}, under the names {@code label} gives. */
    private static void costs(List<Result> results, UnaryOperator<String> label, ServingSetup setup) {
        double render = setup.meter().meanRenderMillis();
        if (!Double.isNaN(render)) {
            results.add(new ScalarResult(label.apply(Results.RENDER_MS), render, "ms", AggregationPolicy.AVG));
        }
        double encode = setup.meter().meanEncodeMillis();
        if (!Double.isNaN(encode)) {
            results.add(new ScalarResult(label.apply(Results.ENCODE_MS), encode, "ms", AggregationPolicy.AVG));
        }
    }
}
