package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Intervals for the ratio of a quantile of one strategy's request times to the same quantile of another's,
 * by a paired block bootstrap: a resample draws whole invocations (whose requests delay each other) with
 * replacement and takes both strategies' requests of each. Quantiles as JMH estimates them; fixed seed.
 */
final class BlockBootstrap {

    /** A quantile's ratio over every request, and its interval (NaN ends when not computed). */
    record Ratio(double quantile, double ratio, double low, double high) {

        /** The upper end over the lower one. */
        double spread() {
            return high / low;
        }

        /** {@code p50}, {@code p99}. */
        String name() {
            return "p" + Math.round(quantile * 100);
        }
    }

    private final int resamples;
    private final long seed;

    BlockBootstrap(int resamples, long seed) {
        this.resamples = resamples;
        this.seed = seed;
    }

    /**
     * The ratio of each of {@code quantiles} of {@code a} to that of {@code b} (one array of times per
     * invocation, the same invocations in the same order), with its central {@code confidence} interval.
     */
    List<Ratio> ratios(List<double[]> a, List<double[]> b, double confidence, double... quantiles) {
        if (a.size() != b.size() || a.isEmpty() || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("Invocations " + a.size() + " and " + b.size() + ", confidence "
                    + confidence + "; expected as many of each, at least one, confidence between 0 and 1");
        }
        double[][] resampled = new double[quantiles.length][resamples];
        int[] drawn = new int[a.size()];
        SplittableRandom random = new SplittableRandom(seed);
        for (int r = 0; r < resamples; r++) {
            Arrays.setAll(drawn, i -> random.nextInt(drawn.length));
            Percentile pooledA = pooled(a, drawn);
            Percentile pooledB = pooled(b, drawn);
            for (int q = 0; q < quantiles.length; q++) {
                resampled[q][r] = pooledA.evaluate(100 * quantiles[q]) / pooledB.evaluate(100 * quantiles[q]);
            }
        }
        List<Ratio> ratios = new ArrayList<>(pointRatios(a, b, quantiles));
        double tail = 100 * (1 - confidence) / 2;
        for (int q = 0; q < quantiles.length; q++) {
            Percentile interval = new Percentile();
            interval.setData(resampled[q]);
            ratios.set(
                    q,
                    new Ratio(
                            quantiles[q],
                            ratios.get(q).ratio(),
                            interval.evaluate(tail),
                            interval.evaluate(100 - tail)));
        }
        return ratios;
    }

    /** The ratio of each quantile over every request, with no interval. */
    static List<Ratio> pointRatios(List<double[]> a, List<double[]> b, double... quantiles) {
        int[] every = new int[a.size()];
        Arrays.setAll(every, i -> i);
        Percentile pooledA = pooled(a, every);
        Percentile pooledB = pooled(b, every);
        return Arrays.stream(quantiles)
                .mapToObj(q ->
                        new Ratio(q, pooledA.evaluate(100 * q) / pooledB.evaluate(100 * q), Double.NaN, Double.NaN))
                .toList();
    }

    private static Percentile pooled(List<double[]> times, int[] drawn) {
        Percentile percentile = new Percentile();
        percentile.setData(Arrays.stream(drawn)
                .mapToObj(times::get)
                .flatMapToDouble(Arrays::stream)
                .toArray());
        return percentile;
    }
}
