package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.DoubleStream;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.util.Statistics;

/**
 * One JMH trial's figures per strategy: a trial of one strategy files its figures under it, one that served
 * several in turn reports {@code <strategy>.<figure>}, a trial of neither (the costs) files them under its
 * method's name.
 *
 * @param benchmark the benchmark class's simple name, followed by {@code " in turn"} for strategies in turn
 * @param scenario the parameters other than {@code strategy} and {@code strategies}
 * @param figures per owner (strategy or method), per figure: {@code score}, {@code p50} and {@code p99} of
 *     the primary result, each secondary result's score (and, for sample-time ones, {@code .p50}, {@code .p99}
 *     and {@code .samples})
 * @param requestTimes per strategy, by iteration number, the times in ms of its requests ({@code
 *     <strategy>.latency}): what {@link NoWorseCheck} resamples
 */
public record Trial(
        String benchmark,
        Map<String, String> scenario,
        Map<String, Map<String, Double>> figures,
        Map<String, SortedMap<Integer, double[]>> requestTimes) {

    private static final String LATENCY = ".latency";

    /** The trial's figures, from its JMH result. */
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
        String strategy = strategies != null && !strategies.contains("+") ? strategies : scenario.remove("strategy");
        String owner = strategy != null ? strategy : name[name.length - 1];
        Map<String, Map<String, Double>> figures = new TreeMap<>();
        put(figures, owner, "", primary);
        figures.get(owner).put("score", primary.getScore());
        for (Map.Entry<String, Result> secondary : secondaries.entrySet()) {
            String label = secondary.getKey();
            String of = owner;
            for (Strategy s : Strategy.values()) {
                if (label.startsWith(s + ".")) {
                    of = s.toString();
                    label = label.substring(of.length() + 1);
                }
            }
            figures.computeIfAbsent(of, k -> new TreeMap<>())
                    .put(label, secondary.getValue().getScore());
            put(figures, of, label + ".", secondary.getValue());
        }
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
        boolean inTurn = strategies != null && strategies.contains("+");
        return new Trial(name[name.length - 2] + (inTurn ? " in turn" : ""), scenario, figures, requestTimes);
    }

    /** Every value of {@code statistics}, as often as it was measured. */
    private static double[] values(Statistics statistics) {
        DoubleStream.Builder values = DoubleStream.builder();
        statistics.getRawData().forEachRemaining(value -> {
            for (long n = 0; n < value.getValue(); n++) {
                values.add(value.getKey());
            }
        });
        return values.build().toArray();
    }

    private static void put(Map<String, Map<String, Double>> figures, String owner, String prefix, Result<?> result) {
        Statistics statistics = result.getStatistics();
        Map<String, Double> of = figures.computeIfAbsent(owner, k -> new TreeMap<>());
        if (result instanceof SampleTimeResult && statistics.getN() > 0) {
            of.put(prefix + "p50", statistics.getPercentile(50));
            of.put(prefix + "p99", statistics.getPercentile(99));
            of.put(prefix + "samples", (double) statistics.getN());
        }
    }

    /** A figure of {@code owner} (a strategy label or a method name), NaN when not measured. */
    public double figure(String owner, String name) {
        return figures.getOrDefault(owner, Map.of()).getOrDefault(name, Double.NaN);
    }

    /** The scenario as one key, such as {@code clients=8 format=png metatile=4x4 pool=2}. */
    public String scenarioKey() {
        StringBuilder key = new StringBuilder();
        new TreeMap<>(scenario).forEach((name, value) -> key.append(key.isEmpty() ? "" : " ")
                .append(name)
                .append('=')
                .append(value));
        return key.toString();
    }
}
