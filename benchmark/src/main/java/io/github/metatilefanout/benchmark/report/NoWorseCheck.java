package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Whether one strategy's request times, measured in turn with another's in one JVM, are measurably worse at
 * p50 and p99. With every core busy no strategy can be faster on average, and percentiles compared point
 * for point differ by chance, so each ratio gets an interval from a paired block bootstrap ({@link
 * #ratios}) and only the interval decides: {@link Outcome#WORSE} when one lies wholly above 1; {@link
 * Outcome#NOT_WORSE} when each ratio is at most 1 or its interval includes 1, none reaching above 1 wider
 * than {@link #MAX_INTERVAL_SPREAD}; otherwise {@link Outcome#CANNOT_TELL}, as with fewer than {@link
 * #MIN_INVOCATIONS} invocations (too narrow intervals) or {@link #MIN_REQUESTS} requests (a p99 on fewer
 * than ten). Log-normal times like the measured ones give a p99 interval about 1.25 wide with 2,300
 * requests per strategy, 1.3 with 1,700.
 */
final class NoWorseCheck {

    static final double[] QUANTILES = {0.5, 0.99};
    static final double CONFIDENCE = 0.95;
    static final int MIN_INVOCATIONS = 20;
    static final int MIN_REQUESTS = 1000;
    static final double MAX_INTERVAL_SPREAD = 1.3;

    /** What the run can tell. */
    enum Outcome {
        NOT_WORSE("PASS"),
        WORSE("FAIL"),
        CANNOT_TELL("cannot tell");

        final String word;

        Outcome(String word) {
            this.word = word;
        }
    }

    /**
     * What the check found: per quantile the ratio and its interval, over the invocations that timed both
     * strategies, and the requests of each timed in them.
     */
    record Verdict(
            Outcome outcome, String reason, List<Ratio> ratios, int invocations, int requests, int otherRequests) {

        /** One line: outcome, reason, ratios with their intervals, counts. */
        String line(String what) {
            StringBuilder line = new StringBuilder(outcome.word + "  " + what + ": " + reason);
            for (Ratio r : ratios) {
                line.append(format("; %s x %.2f", r.name(), r.ratio()));
                if (!Double.isNaN(r.low())) {
                    line.append(format(" (%.0f%% interval %.2f to %.2f)", CONFIDENCE * 100, r.low(), r.high()));
                }
            }
            return line + format("; %d and %d requests in %d invocations", requests, otherRequests, invocations);
        }
    }

    /** Resamples per interval: its ends within about 1 % of where more would put them. */
    static final int RESAMPLES = 2000;

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

    /** Judges {@code times} against {@code others}, over the invocations that timed requests of both. */
    Verdict judge(SortedMap<Integer, double[]> times, SortedMap<Integer, double[]> others) {
        List<double[]> paired = new ArrayList<>();
        List<double[]> otherPaired = new ArrayList<>();
        times.forEach((invocation, batch) -> {
            double[] other = others.get(invocation);
            if (batch.length > 0 && other != null && other.length > 0) {
                paired.add(batch);
                otherPaired.add(other);
            }
        });
        int requests = paired.stream().mapToInt(batch -> batch.length).sum();
        int otherRequests = otherPaired.stream().mapToInt(batch -> batch.length).sum();
        if (paired.size() < MIN_INVOCATIONS || Math.min(requests, otherRequests) < MIN_REQUESTS) {
            String reason = format(
                    "too few timed (at least %d invocations and %d requests each needed)",
                    MIN_INVOCATIONS, MIN_REQUESTS);
            List<Ratio> ratios = paired.isEmpty() ? List.of() : pointRatios(paired, otherPaired, QUANTILES);
            return new Verdict(Outcome.CANNOT_TELL, reason, ratios, paired.size(), requests, otherRequests);
        }
        List<Ratio> ratios = ratios(paired, otherPaired, CONFIDENCE, QUANTILES);
        String worse = names(ratios.stream().filter(r -> r.low() > 1).toList());
        String wide = names(ratios.stream()
                .filter(r -> r.high() > 1 && r.spread() > MAX_INTERVAL_SPREAD)
                .toList());
        Outcome outcome = !worse.isEmpty() ? Outcome.WORSE : !wide.isEmpty() ? Outcome.CANNOT_TELL : Outcome.NOT_WORSE;
        String reason =
                switch (outcome) {
                    case WORSE -> "measurably worse at " + worse + ", interval wholly above 1.00";
                    case CANNOT_TELL -> format("interval of %s wider than %.2f x", wide, MAX_INTERVAL_SPREAD);
                    case NOT_WORSE -> "not measurably worse: "
                            + ratios.stream().map(NoWorseCheck::standing).collect(Collectors.joining(", "));
                };
        return new Verdict(outcome, reason, ratios, paired.size(), requests, otherRequests);
    }

    /**
     * The ratio of each of {@code quantiles} of {@code a} to that of {@code b} (one array of times per
     * invocation, the same invocations in the same order), with its central {@code confidence} interval: the
     * percentile interval of ratios resampled by drawing whole invocations (whose requests delay each other)
     * with replacement, both strategies' requests of each; quantiles as JMH estimates them; a fixed seed.
     */
    static List<Ratio> ratios(List<double[]> a, List<double[]> b, double confidence, double... quantiles) {
        if (a.size() != b.size() || a.isEmpty() || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("Invocations " + a.size() + " and " + b.size() + ", confidence "
                    + confidence + "; expected as many of each, at least one, confidence between 0 and 1");
        }
        double[][] resampled = new double[quantiles.length][RESAMPLES];
        int[] drawn = new int[a.size()];
        SplittableRandom random = new SplittableRandom(13); // fixed: the same times give the same verdict
        for (int r = 0; r < RESAMPLES; r++) {
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
            double low = interval.evaluate(tail);
            ratios.set(q, new Ratio(quantiles[q], ratios.get(q).ratio(), low, interval.evaluate(100 - tail)));
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

    /** {@code p50 lower}, {@code p99 no higher}, ... */
    private static String standing(Ratio r) {
        String standing = r.high() < 1 ? " lower" : r.ratio() <= 1 ? " no higher" : " higher, interval includes 1.00";
        return r.name() + standing;
    }

    private static String names(List<Ratio> ratios) {
        return ratios.stream().map(Ratio::name).collect(Collectors.joining(" and "));
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
