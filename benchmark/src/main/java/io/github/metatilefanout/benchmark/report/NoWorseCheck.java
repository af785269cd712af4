package io.github.metatilefanout.benchmark.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Whether one strategy's request times are not measurably worse than another's at the median and the 99th
 * percentile: for each, the ratio is at most 1, or its confidence interval ({@link BlockBootstrap}) includes
 * 1. The run cannot tell when too few invocations or requests were timed (the check is then not decided),
 * or when an interval that reaches above 1 is wider than a given spread (the check fails); it fails as well
 * when an interval lies wholly above 1. An interval wholly below 1 answers the question however wide it is.
 */
final class NoWorseCheck {

    /** The quantiles compared. */
    static final double[] QUANTILES = {0.5, 0.99};

    /**
     * What the check found.
     *
     * @param decided whether enough was timed to judge; if not, {@code passed} is false
     * @param passed whether it passed
     * @param reason why, in words
     * @param ratios per quantile of {@link #QUANTILES}, the ratio and its interval (NaN ends when too few
     *     samples were timed); empty when nothing was timed in the same invocations
     * @param invocations the invocations in which both strategies were timed
     * @param requests requests of the first strategy timed in those invocations
     * @param otherRequests the same of the other
     */
    record Verdict(
            boolean decided,
            boolean passed,
            String reason,
            List<BlockBootstrap.Ratio> ratios,
            int invocations,
            int requests,
            int otherRequests) {}

    private final BlockBootstrap bootstrap;
    private final double confidence;
    private final int minInvocations;
    private final int minRequests;
    private final double maxSpread;

    /**
     * @param bootstrap what computes the intervals
     * @param confidence their confidence, such as 0.95
     * @param minInvocations fewer invocations: the run cannot tell
     * @param minRequests fewer requests of either strategy: the run cannot tell
     * @param maxSpread an interval whose upper end is more than this times its lower end: the run cannot tell
     */
    NoWorseCheck(BlockBootstrap bootstrap, double confidence, int minInvocations, int minRequests, double maxSpread) {
        this.bootstrap = bootstrap;
        this.confidence = confidence;
        this.minInvocations = minInvocations;
        this.minRequests = minRequests;
        this.maxSpread = maxSpread;
    }

    /**
     * Judges {@code times} against {@code others}, per invocation number, over the invocations that timed
     * requests of both.
     */
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
        if (paired.size() < minInvocations || Math.min(requests, otherRequests) < minRequests) {
            return new Verdict(
                    false,
                    false,
                    format(
                            "cannot tell, too few samples: %d invocations, %d and %d requests (at least %d invocations"
                                    + " and %d requests each needed)",
                            paired.size(), requests, otherRequests, minInvocations, minRequests),
                    paired.isEmpty() ? List.of() : BlockBootstrap.pointRatios(paired, otherPaired, QUANTILES),
                    paired.size(),
                    requests,
                    otherRequests);
        }
        List<BlockBootstrap.Ratio> ratios = bootstrap.ratios(paired, otherPaired, confidence, QUANTILES);
        String reason;
        boolean passed = false;
        List<String> worse = names(ratios, r -> r.low() > 1);
        List<String> wide = names(ratios, r -> r.high() > 1 && r.spread() > maxSpread);
        if (!worse.isEmpty()) {
            reason = "measurably worse at " + String.join(" and ", worse)
                    + (worse.size() == 1 ? ": its interval lies" : ": their intervals lie") + " wholly above 1.00";
        } else if (!wide.isEmpty()) {
            reason = format(
                    "cannot tell, the %s of %s too wide (upper / lower above %.2f)",
                    wide.size() == 1 ? "interval" : "intervals",
                    String.join(" and ", wide) + (wide.size() == 1 ? " is" : " are"),
                    maxSpread);
        } else {
            passed = true;
            reason = "not measurably worse: "
                    + ratios.stream()
                            .map(r -> name(r)
                                    + (r.high() < 1
                                            ? " lower, its interval wholly below 1.00"
                                            : r.ratio() <= 1 ? " no higher" : " higher, its interval includes 1.00"))
                            .collect(Collectors.joining(", "));
        }
        return new Verdict(true, passed, reason, ratios, paired.size(), requests, otherRequests);
    }

    /** {@code p50} for the median, {@code p99} for the 99th percentile. */
    static String name(BlockBootstrap.Ratio ratio) {
        return "p" + Math.round(ratio.quantile() * 100);
    }

    private static List<String> names(List<BlockBootstrap.Ratio> ratios, Predicate<BlockBootstrap.Ratio> which) {
        return ratios.stream().filter(which).map(NoWorseCheck::name).toList();
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
