package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * Whether one strategy's request times, measured in turn with another's in one JVM, are measurably worse at
 * p50 and p99. With every core busy no strategy can be faster on average, and percentiles compared point
 * for point differ by chance, so each ratio gets a {@link BlockBootstrap} interval and only the interval
 * decides: {@link Outcome#WORSE} when one lies wholly above 1; {@link Outcome#NOT_WORSE} when each ratio is
 * at most 1 or its interval includes 1, none reaching above 1 wider than {@link #MAX_INTERVAL_SPREAD};
 * otherwise {@link Outcome#CANNOT_TELL}, as with fewer than {@link #MIN_INVOCATIONS} invocations (too narrow
 * intervals) or {@link #MIN_REQUESTS} requests (a p99 on fewer than ten). Log-normal times like the measured
 * ones give a p99 interval about 1.25 wide with 2,300 requests per strategy, 1.3 with 1,700.
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
            Outcome outcome,
            String reason,
            List<BlockBootstrap.Ratio> ratios,
            int invocations,
            int requests,
            int otherRequests) {

        /** One line: outcome, reason, ratios with their intervals, counts. */
        String line(String what) {
            StringBuilder line = new StringBuilder(outcome.word + "  " + what + ": " + reason);
            for (BlockBootstrap.Ratio r : ratios) {
                line.append(format("; %s x %.2f", r.name(), r.ratio()));
                if (!Double.isNaN(r.low())) {
                    line.append(format(" (%.0f%% interval %.2f to %.2f)", CONFIDENCE * 100, r.low(), r.high()));
                }
            }
            return line + format("; %d and %d requests in %d invocations", requests, otherRequests, invocations);
        }
    }

    /** 2,000 resamples put an interval's ends within about 1 % of where more would; the seed fixes the verdict. */
    private final BlockBootstrap bootstrap = new BlockBootstrap(2000, 13);

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
                            + ratios.stream()
                                    .map(r -> r.name()
                                            + (r.high() < 1
                                                    ? " lower"
                                                    : r.ratio() <= 1
                                                            ? " no higher"
                                                            : " higher, interval includes 1.00"))
                                    .collect(Collectors.joining(", "));
                };
        return new Verdict(outcome, reason, ratios, paired.size(), requests, otherRequests);
    }

    private static String names(List<BlockBootstrap.Ratio> ratios) {
        return ratios.stream().map(BlockBootstrap.Ratio::name).collect(Collectors.joining(" and "));
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
