package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.LongStream;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.util.Statistics;

/**
 * One JMH trial's figures per owner: the strategy of a trial of one, each strategy of a trial of several
 * in turn (results {@code <strategy>.<figure>}), else the method.
 *
 * @param benchmark the benchmark class's simple name, followed by {@code " in turn"} for strategies in turn
 * @param scenario the parameters but {@code strategy} and {@code strategies}
 * @param figures per owner: {@code score} of the primary result and each secondary result's, and for
 *     sample-time results their {@code p50}, {@code p99} and {@code samples} ({@code <label>.p50} ...)
 * @param requestTimes per strategy, by iteration, the times in ms of its requests: what {@link NoWorseCheck}
 *     resamples
 */
public record Trial(
        String benchmark,
        Map<String, String> scenario,
        Map<String, Map<String, Double>> figures,
        Map<String, SortedMap<Integer, double[]>> requestTimes) {

    private static final String LATENCY = ".latency";

    public static Trial of(RunResult run) {
        Map<String, String> params = new TreeMap<>();
        run.getParams()
                .getParamsKeys()
                .forEach(key -> params.put(key, run.getParams().getParam(key)));
        List<Map<String, Result>> iterations = run.getBenchmarkResults().stream()
                .flatMap(b -> b.getIterationResults().stream())
                .map(IterationResult::getSecondaryResults)
                .toList();
        return of(
                run.getParams().getBenchmark(), params, run.getPrimaryResult(), run.getSecondaryResults(), iterations);
    }

    /** The figures of a trial of {@code benchmark} (a method's full name), and of each measured iteration. */
    public static Trial of(
            String benchmark,
            Map<String, String> params,
            Result<?> primary,
            Map<String, Result> secondaries,
            List<Map<String, Result>> iterations) {
        String[] name = benchmark.split("\\.");
        Map<String, String> scenario = new TreeMap<>(params);
        String strategies = scenario.remove("strategies");
        boolean inTurn = strategies != null && strategies.contains("+");
        String strategy = strategies != null && !inTurn ? strategies : scenario.remove("strategy");
        String owner = strategy != null ? strategy : name[name.length - 1];
        Map<String, Map<String, Double>> figures = new TreeMap<>();
        put(figures, owner, "score", "", primary);
        secondaries.forEach((label, result) -> {
            String of = Arrays.stream(Strategy.values())
                    .map(Strategy::toString)
                    .filter(s -> label.startsWith(s + "."))
                    .findFirst()
                    .orElse(null);
            String figure = of == null ? label : label.substring(of.length() + 1);
            put(figures, of == null ? owner : of, figure, figure + ".", result);
        });
        Map<String, SortedMap<Integer, double[]>> requestTimes = new TreeMap<>();
        for (int i = 0; i < iterations.size(); i++) {
            int iteration = i + 1;
            iterations.get(i).forEach((label, result) -> {
                if (label.endsWith(LATENCY)) {
                    requestTimes
                            .computeIfAbsent(
                                    label.substring(0, label.length() - LATENCY.length()), k -> new TreeMap<>())
                            .put(iteration, values(result.getStatistics()));
                }
            });
        }
        return new Trial(name[name.length - 2] + (inTurn ? " in turn" : ""), scenario, figures, requestTimes);
    }

    /** Every value of {@code statistics}, as often as it was measured. */
    private static double[] values(Statistics statistics) {
        DoubleStream.Builder values = DoubleStream.builder();
        statistics.getRawData().forEachRemaining(v -> LongStream.range(0, v.getValue())
                .forEach(n -> values.add(v.getKey())));
        return values.build().toArray();
    }

    private static void put(
            Map<String, Map<String, Double>> figures, String owner, String label, String prefix, Result<?> result) {
        Statistics statistics = result.getStatistics();
        Map<String, Double> of = figures.computeIfAbsent(owner, k -> new TreeMap<>());
        of.put(label, result.getScore());
        if (result instanceof SampleTimeResult && statistics.getN() > 0) {
            of.put(prefix + "p50", statistics.getPercentile(50));
            of.put(prefix + "p99", statistics.getPercentile(99));
            of.put(prefix + "samples", (double) statistics.getN());
        }
    }

    /** A figure of {@code owner} (a strategy or a method), NaN when not measured. */
    public double figure(String owner, String name) {
        return figures.getOrDefault(owner, Map.of()).getOrDefault(name, Double.NaN);
    }

    /** The scenario as one key, such as {@code clients=8 format=png metatile=4x4 pool=2}. */
    public String scenarioKey() {
        return new TreeMap<>(scenario)
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
