package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Confidence intervals for the ratio of a quantile of one strategy's request times to the same quantile of
 * another's, by a paired block bootstrap: each resample draws whole invocations with replacement, as many
 * as were measured, and takes both strategies' requests of each invocation drawn.
 *
 * <p>Whole invocations, because the requests of one batch are not independent (they share the machine's
 * state during that batch, and a slow request delays the others of its client); paired, because both
 * strategies' batches of one invocation ran seconds apart, so what slowed the machine then weighs on both.
 * The interval is the percentile interval of the resampled ratios. A fixed seed makes a report reproducible
 * from its request times.
 */
final class BlockBootstrap {

    /**
     * One quantile's ratio.
     *
     * @param quantile the quantile, such as 0.99
     * @param ratio the ratio measured over every request
     * @param low the interval's lower end
     * @param high its upper end
     */
    record Ratio(double quantile, double ratio, double low, double high) {

        /** How many times the lower end the upper end is: 1 for an interval of no width. */
        double spread() {
            return high / low;
        }
    }

    private final int resamples;
    private final long seed;

    /**
     * @param resamples resamples per interval, at least 100
     * @param seed the seed of the random draws
     */
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
     * @param a the times of one strategy, one array per invocation
     * @param b the other's, the same invocations in the same order
     * @param confidence between 0 and 1 exclusive, such as 0.95
     * @param quantiles between 0 and 1 exclusive, such as 0.5 and 0.99
     * @throws IllegalArgumentException if {@code a} and {@code b} have not the same number of invocations,
     *     or an invocation has no time for one of them
     */
    List<Ratio> ratios(List<double[]> a, List<double[]> b, double confidence, double... quantiles) {
        if (a.size() != b.size() || a.isEmpty()) {
            throw new IllegalArgumentException(
                    "Invocations " + a.size() + " and " + b.size() + "; expected the same number, at least one");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence is " + confidence + "; allowed range is 0 to 1 exclusive");
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).length == 0 || b.get(i).length == 0) {
                throw new IllegalArgumentException("Invocation " + i + " has no time for one of the two");
            }
        }
        double[][] resampled = new double[quantiles.length][resamples];
        int[] drawn = new int[a.size()];
        SplittableRandom random = new SplittableRandom(seed);
        double[] pooledA = new double[longest(a) * a.size()];
        double[] pooledB = new double[longest(b) * b.size()];
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < drawn.length; i++) {
                drawn[i] = random.nextInt(drawn.length);
            }
            int countA = pool(a, drawn, pooledA);
            int countB = pool(b, drawn, pooledB);
            for (int q = 0; q < quantiles.length; q++) {
                resampled[q][r] = quantile(pooledA, countA, quantiles[q]) / quantile(pooledB, countB, quantiles[q]);
            }
        }
        List<Ratio> measured = pointRatios(a, b, quantiles);
        List<Ratio> ratios = new ArrayList<>(quantiles.length);
        double tail = (1 - confidence) / 2;
        for (int q = 0; q < quantiles.length; q++) {
            Arrays.sort(resampled[q]);
            ratios.add(new Ratio(
                    quantiles[q],
                    measured.get(q).ratio(),
                    quantile(resampled[q], resamples, tail),
                    quantile(resampled[q], resamples, 1 - tail)));
        }
        return ratios;
    }

    /**
     * The ratio of each of {@code quantiles} of {@code a}'s times to the same quantile of {@code b}'s, over
     * every request, with no interval (NaN ends).
     */
    static List<Ratio> pointRatios(List<double[]> a, List<double[]> b, double... quantiles) {
        double[] pooledA = pooled(a);
        double[] pooledB = pooled(b);
        List<Ratio> ratios = new ArrayList<>(quantiles.length);
        for (double q : quantiles) {
            double ratio = quantile(pooledA, pooledA.length, q) / quantile(pooledB, pooledB.length, q);
            ratios.add(new Ratio(q, ratio, Double.NaN, Double.NaN));
        }
        return ratios;
    }

    /**
     * The {@code q} quantile of the first {@code count} values of {@code sorted}, estimated as JMH does
     * (Apache Commons Math's default: position {@code q (n + 1)}, interpolated between neighbours).
     */
    static double quantile(double[] sorted, int count, double q) {
        double position = q * (count + 1);
        if (position < 1) {
            return sorted[0];
        }
        if (position >= count) {
            return sorted[count - 1];
        }
        int below = (int) position;
        double lower = sorted[below - 1];
        return lower + (position - below) * (sorted[below] - lower);
    }

    /** Copies the invocations {@code drawn} of {@code times} into {@code pooled}, sorted; returns how many. */
    private static int pool(List<double[]> times, int[] drawn, double[] pooled) {
        int count = 0;
        for (int invocation : drawn) {
            double[] batch = times.get(invocation);
            System.arraycopy(batch, 0, pooled, count, batch.length);
            count += batch.length;
        }
        Arrays.sort(pooled, 0, count);
        return count;
    }

    private static double[] pooled(List<double[]> times) {
        double[] pooled =
                new double[times.stream().mapToInt(batch -> batch.length).sum()];
        int[] every = new int[times.size()];
        Arrays.setAll(every, i -> i);
        pool(times, every, pooled);
        return pooled;
    }

    private static int longest(List<double[]> times) {
        return times.stream().mapToInt(batch -> batch.length).max().orElse(0);
    }
}
