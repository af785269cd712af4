package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * Whether one strategy's request times are measurably worse than another's at p50 and p99, measured in
 * turn in one JVM.
 *
 * <p>With every core busy and the same work per request, no strategy can be faster on average (a closed
 * loop: the same throughput gives the same mean time), and two percentiles compared point for point differ
 * by chance (the same code measured twice: p99 up to 18 % apart with 384 requests). So each ratio gets a
 * {@link BlockBootstrap} interval, and the check decides only where the interval does:
 *
 * <ul>
 *   <li>{@link Outcome#NOT_WORSE} when for both quantiles the ratio is at most 1 or its interval includes 1,
 *       no interval reaching above 1 being wider than {@link #MAX_INTERVAL_SPREAD} (one that wide includes 1
 *       whatever the strategies do; one wholly below 1 answers however wide it is);
 *   <li>{@link Outcome#WORSE} when an interval lies wholly above 1;
 *   <li>{@link Outcome#CANNOT_TELL} otherwise: fewer than {@link #MIN_INVOCATIONS} invocations (a bootstrap
 *       over fewer blocks gives intervals too narrow), fewer than {@link #MIN_REQUESTS} requests of either
 *       (the p99 then rests on fewer than ten requests), or an interval too wide. Times drawn like the
 *       measured ones (log-normal, p99 about 3.3 x p50) give a p99 interval about 1.25 wide with 2,300
 *       requests per strategy, 1.3 with 1,700.
 * </ul>
 */
final class NoWorseCheck {

    static final double[] QUANTILES = {0.5, 0.99};
    static final double CONFIDENCE = 0.95;
    static final int MIN_INVOCATIONS = 20;
    static final int MIN_REQUESTS = 1000;
    static final double MAX_INTERVAL_SPREAD = 1.3;

    /** Resamples per interval: its ends within about 1 % of where more would put them. */
    static final int RESAMPLES = 2000;

    /** The bootstrap's seed: the same request times always give the same verdict. */
    static final long SEED = 13;

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
     * What the check found.
     *
     * @param ratios per quantile, the ratio and its interval (NaN ends when too little was timed)
     * @param invocations the invocations in which both strategies were timed
     * @param requests requests of the first strategy timed in them; {@code otherRequests} of the other
     */
    record Verdict(
            Outcome outcome,
            String reason,
            List<BlockBootstrap.Ratio> ratios,
            int invocations,
            int requests,
            int otherRequests) {

        /** One line: outcome, reason, ratios with their intervals, counts. */
        String line(String what) {
            StringBuilder line = new StringBuilder(outcome.word)
                    .append("  ")
                    .append(what)
                    .append(": ")
                    .append(reason);
            for (BlockBootstrap.Ratio r : ratios) {
                line.append(format("; %s x %.2f", r.name(), r.ratio()));
                if (!Double.isNaN(r.low())) {
                    line.append(format(" (%.0f%% interval %.2f to %.2f)", CONFIDENCE * 100, r.low(), r.high()));
                }
            }
            return line.append(format("; %d and %d requests in %d invocations", requests, otherRequests, invocations))
                    .toString();
        }
    }

    private final BlockBootstrap bootstrap = new BlockBootstrap(RESAMPLES, SEED);

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
            List<BlockBootstrap.Ratio> ratios =
                    paired.isEmpty() ? List.of() : BlockBootstrap.pointRatios(paired, otherPaired, QUANTILES);
            return new Verdict(Outcome.CANNOT_TELL, reason, ratios, paired.size(), requests, otherRequests);
        }
        List<BlockBootstrap.Ratio> ratios = bootstrap.ratios(paired, otherPaired, CONFIDENCE, QUANTILES);
        List<String> worse = names(ratios.stream().filter(r -> r.low() > 1).toList());
        List<String> wide = names(ratios.stream()
                .filter(r -> r.high() > 1 && r.spread() > MAX_INTERVAL_SPREAD)
                .toList());
        Outcome outcome;
        String reason;
        if (!worse.isEmpty()) {
            outcome = Outcome.WORSE;
            reason = "measurably worse at " + String.join(" and ", worse) + ", interval wholly above 1.00";
        } else if (!wide.isEmpty()) {
            outcome = Outcome.CANNOT_TELL;
            reason = format("interval of %s wider than %.2f x", String.join(" and ", wide), MAX_INTERVAL_SPREAD);
        } else {
            outcome = Outcome.NOT_WORSE;
            reason = "not measurably worse: "
                    + ratios.stream()
                            .map(r -> r.name()
                                    + (r.high() < 1
                                            ? " lower"
                                            : r.ratio() <= 1 ? " no higher" : " higher, interval includes 1.00"))
                            .collect(Collectors.joining(", "));
        }
        return new Verdict(outcome, reason, ratios, paired.size(), requests, otherRequests);
    }

    private static List<String> names(List<BlockBootstrap.Ratio> ratios) {
        return ratios.stream().map(BlockBootstrap.Ratio::name).toList();
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
