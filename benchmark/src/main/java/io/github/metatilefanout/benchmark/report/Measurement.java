package io.github.metatilefanout.benchmark.report;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.util.Statistics;

/**
 * One benchmark trial's figures, taken from its JMH result.
 *
 * @param benchmark the benchmark method's simple name, such as {@code serveBatch} or {@code firstTile}
 * @param params the trial's parameters
 * @param score the primary score
 * @param unit the primary score's unit
 * @param p50 the median of the primary samples (sample-time benchmarks)
 * @param p99 the 99th percentile of the primary samples (sample-time benchmarks)
 * @param secondary secondary results by name: {@code tiles}, {@code images.peak}, {@code gc.alloc.rate}...;
 *     for a secondary sample-time result such as {@code fanout.latency}, also its median, 99th percentile
 *     and number of samples as {@code <name>}{@value #P50}, {@code <name>}{@value #P99} and {@code
 *     <name>}{@value #SAMPLES}
 */
public record Measurement(
        String benchmark,
        Map<String, String> params,
        double score,
        String unit,
        double p50,
        double p99,
        Map<String, Double> secondary) {

    /** Appended to a secondary sample-time result's name: its median. */
    public static final String P50 = ".p50";

    /** Appended to a secondary sample-time result's name: its 99th percentile. */
    public static final String P99 = ".p99";

    /** Appended to a secondary sample-time result's name: its number of samples. */
    public static final String SAMPLES = ".samples";

    public Measurement {
        params = Map.copyOf(params);
        secondary = Map.copyOf(secondary);
    }

    /** The figures of one JMH run result. */
    public static Measurement of(RunResult run) {
        String name = run.getParams().getBenchmark();
        Map<String, String> params = new TreeMap<>();
        for (String key : run.getParams().getParamsKeys()) {
            params.put(key, run.getParams().getParam(key));
        }
        Result<?> primary = run.getPrimaryResult();
        Statistics statistics = primary.getStatistics();
        return new Measurement(
                name.substring(name.lastIndexOf('.') + 1),
                params,
                primary.getScore(),
                primary.getScoreUnit(),
                statistics.getN() > 0 ? statistics.getPercentile(50) : Double.NaN,
                statistics.getN() > 0 ? statistics.getPercentile(99) : Double.NaN,
                secondaries(run.getSecondaryResults()));
    }

    /**
     * The scores of JMH secondary results by name, with the median, 99th percentile and number of samples
     * of those that are sample-time results.
     */
    public static Map<String, Double> secondaries(Map<String, Result> results) {
        Map<String, Double> secondary = new TreeMap<>();
        for (Map.Entry<String, Result> entry : results.entrySet()) {
            secondary.put(entry.getKey(), entry.getValue().getScore());
            if (entry.getValue() instanceof SampleTimeResult sampled) {
                Statistics statistics = sampled.getStatistics();
                if (statistics.getN() > 0) {
                    secondary.put(entry.getKey() + P50, statistics.getPercentile(50));
                    secondary.put(entry.getKey() + P99, statistics.getPercentile(99));
                    secondary.put(entry.getKey() + SAMPLES, (double) statistics.getN());
                }
            }
        }
        return secondary;
    }

    /** A parameter's value, or {@code null}. */
    public String param(String key) {
        return params.get(key);
    }

    /** A secondary result, or NaN when absent. */
    public double secondary(String key) {
        return secondary.getOrDefault(key, Double.NaN);
    }

    /** Whether this trial ran {@code benchmark} with every parameter of {@code wanted} as given. */
    public boolean matches(String wantedBenchmark, Map<String, String> wanted) {
        if (!benchmark.equals(wantedBenchmark)) {
            return false;
        }
        for (Map.Entry<String, String> entry : wanted.entrySet()) {
            if (!Objects.equals(params.get(entry.getKey()), entry.getValue())) {
                return false;
            }
        }
        return true;
    }
}
