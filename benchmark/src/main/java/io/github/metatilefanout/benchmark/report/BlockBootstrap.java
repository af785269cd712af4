package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Confidence intervals for the ratio of a quantile of one strategy's request times to the same quantile of
 * another's, by a paired block bootstrap: each resample draws whole invocations with replacement, as many
 * as were measured, and takes both strategies' requests of each invocation drawn. Whole invocations,
 * because the requests of one batch share the machine's state and delay each other; paired, because both
 * strategies' batches of one invocation ran seconds apart. The interval is the percentile interval of the
 * resampled ratios; quantiles are estimated as JMH does (Commons Math's default); the seed is fixed.
 */
final class BlockBootstrap {

    /** One quantile's (such as 0.99) ratio over every request, and its interval (NaN ends when not computed). */
    record Ratio(double quantile, double ratio, double low, double high) {

        /** How many times the lower end the upper end is: 1 for an interval of no width. */
        double spread() {
            return high / low;
        }

        /** {@code p50} for the median, {@code p99} for the 99th percentile. */
        String name() {
            return "p" + Math.round(quantile * 100);
        }
    }

    private final int resamples;
    private final long seed;

    /** {@code resamples} per interval, at least 100. */
    BlockBootstrap(int resamples, long seed) {
        if (resamples < 100) {
            throw new IllegalArgumentException("resamples is " + resamples + "; allowed range is 100 and up");
        }
        this.resamples = resamples;
        this.seed = seed;
    }

    /**
     * The ratio of each of {@code quantiles} of {@code a}'s times to the same quantile of {@code b}'s, with
     * its central {@code confidence} interval.
     *
     * @param a the times of one strategy, one array per invocation, none empty
     * @param b the other's, the same invocations in the same order
     * @param confidence and {@code quantiles} between 0 and 1 exclusive, such as 0.95 and 0.5, 0.99
     */
    List<Ratio> ratios(List<double[]> a, List<double[]> b, double confidence, double... quantiles) {
        if (a.size() != b.size() || a.isEmpty()) {
            throw new IllegalArgumentException(
                    "Invocations " + a.size() + " and " + b.size() + "; expected the same number, at least one");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence is " + confidence + "; allowed range is 0 to 1 exclusive");
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
        List<Ratio> measured = pointRatios(a, b, quantiles);
        double tail = 100 * (1 - confidence) / 2;
        List<Ratio> ratios = new ArrayList<>(quantiles.length);
        for (int q = 0; q < quantiles.length; q++) {
            Percentile interval = new Percentile();
            interval.setData(resampled[q]);
            ratios.add(new Ratio(
                    quantiles[q], measured.get(q).ratio(), interval.evaluate(tail), interval.evaluate(100 - tail)));
        }
        return ratios;
    }

    /** The ratio of each quantile over every request, with no interval (NaN ends). */
    static List<Ratio> pointRatios(List<double[]> a, List<double[]> b, double... quantiles) {
        int[] every = new int[a.size()];
        Arrays.setAll(every, i -> i);
        Percentile pooledA = pooled(a, every);
        Percentile pooledB = pooled(b, every);
        List<Ratio> ratios = new ArrayList<>(quantiles.length);
        for (double q : quantiles) {
            ratios.add(new Ratio(q, pooledA.evaluate(100 * q) / pooledB.evaluate(100 * q), Double.NaN, Double.NaN));
        }
        return ratios;
    }

    /** The times of the invocations {@code drawn}, ready for quantiles. */
    private static Percentile pooled(List<double[]> times, int[] drawn) {
        double[] pooled =
                new double[Arrays.stream(drawn).map(i -> times.get(i).length).sum()];
        int count = 0;
        for (int invocation : drawn) {
            double[] batch = times.get(invocation);
            System.arraycopy(batch, 0, pooled, count, batch.length);
            count += batch.length;
        }
        Percentile percentile = new Percentile();
        percentile.setData(pooled);
        return percentile;
    }
}
