package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

/** The verdict, and the bootstrap's intervals, on times drawn from fixed seeds. */
class NoWorseCheckTest {

    private final NoWorseCheck check = new NoWorseCheck();

    @Test
    void twoDrawsOfTheSameDistributionPass() {
        // as in the full profile: 48 invocations of 48 timed requests each
        for (long seed = 10; seed < 16; seed += 2) {
            NoWorseCheck.Verdict verdict = check.judge(
                    RequestTimesSamples.batches(seed, 48, 48, 60, 0.1),
                    RequestTimesSamples.batches(seed + 1, 48, 48, 60, 0.1));

            assertEquals(NoWorseCheck.Outcome.NOT_WORSE, verdict.outcome(), verdict.toString());
            assertTrue(verdict.reason().startsWith("not measurably worse: p50 "), verdict.reason());
            assertEquals(48, verdict.invocations());
            assertEquals(48 * 48, verdict.requests());
            assertEquals(48 * 48, verdict.otherRequests());
            for (NoWorseCheck.Ratio ratio : verdict.ratios()) {
                assertTrue(ratio.ratio() <= 1 || ratio.low() <= 1, ratio.toString());
                assertTrue(ratio.spread() <= NoWorseCheck.MAX_INTERVAL_SPREAD, ratio.toString());
            }
        }
    }

    @Test
    void aClearlySlowerStrategyFails() {
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(20, 48, 48, 75, 0.1), RequestTimesSamples.batches(21, 48, 48, 60, 0.1));

        assertEquals(NoWorseCheck.Outcome.WORSE, verdict.outcome());
        assertEquals("measurably worse at p50 and p99, interval wholly above 1.00", verdict.reason());
        assertTrue(verdict.ratios().get(0).low() > 1, verdict.toString());
    }

    @Test
    void tooFewSamplesCannotTell() {
        // the quick profile: 2 invocations; the same times for both, which would otherwise pass
        SortedMap<Integer, double[]> times = RequestTimesSamples.batches(30, 2, 48, 60, 0.1);

        NoWorseCheck.Verdict verdict = check.judge(times, times);

        assertEquals(NoWorseCheck.Outcome.CANNOT_TELL, verdict.outcome());
        assertEquals("too few timed (at least 20 invocations and 1000 requests each needed)", verdict.reason());
        assertEquals(2, verdict.invocations());
        assertEquals(96, verdict.requests());
        assertEquals(2, verdict.ratios().size());
        assertEquals(1, verdict.ratios().get(1).ratio());
        assertTrue(Double.isNaN(verdict.ratios().get(1).low()), "no interval from two invocations");
    }

    @Test
    void enoughInvocationsButTooFewRequestsCannotTell() {
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(31, 40, 20, 60, 0.1), RequestTimesSamples.batches(32, 40, 20, 60, 0.1));

        assertEquals(NoWorseCheck.Outcome.CANNOT_TELL, verdict.outcome());
        assertEquals(40, verdict.invocations());
        assertEquals(800, verdict.requests());
    }

    @Test
    void anIntervalWhollyBelowOnePassesHoweverWide() {
        // a wide drift from batch to batch, but fanout three times faster
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(40, 25, 48, 20, 0.6), RequestTimesSamples.batches(41, 25, 48, 60, 0.6));

        assertEquals(NoWorseCheck.Outcome.NOT_WORSE, verdict.outcome(), verdict.toString());
        assertTrue(verdict.ratios().stream().allMatch(r -> r.high() < 1), verdict.toString());
        assertTrue(verdict.ratios().stream().anyMatch(r -> r.spread() > 1.3), verdict.toString());
        assertTrue(verdict.reason().startsWith("not measurably worse: p50 lower"), verdict.reason());
    }

    @Test
    void anIntervalTooWideCannotTell() {
        // batches that differ threefold from one to the next: no interval narrow enough
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(40, 25, 48, 60, 1.0), RequestTimesSamples.batches(41, 25, 48, 60, 1.0));

        assertEquals(NoWorseCheck.Outcome.CANNOT_TELL, verdict.outcome(), verdict.toString());
        assertEquals("interval of p50 and p99 wider than 1.30 x", verdict.reason());
    }

    @Test
    void nothingTimedInTheSameInvocationsCannotTell() {
        SortedMap<Integer, double[]> odd = new TreeMap<>();
        SortedMap<Integer, double[]> even = new TreeMap<>();
        RequestTimesSamples.batches(50, 40, 48, 60, 0.1)
                .forEach((invocation, times) -> (invocation % 2 == 0 ? even : odd).put(invocation, times));

        NoWorseCheck.Verdict verdict = check.judge(odd, even);

        assertEquals(NoWorseCheck.Outcome.CANNOT_TELL, verdict.outcome());
        assertEquals(0, verdict.invocations());
        assertTrue(verdict.ratios().isEmpty());
    }

    @Test
    void quantilesAreEstimatedAsJmhDoes() {
        double[] a = RequestTimesSamples.batches(1, 1, 537, 50, 0).get(1);
        double[] b = RequestTimesSamples.batches(2, 1, 311, 50, 0).get(1);
        ListStatistics jmhA = new ListStatistics(a);
        ListStatistics jmhB = new ListStatistics(b);

        double[] quantiles = {0.001, 0.25, 0.5, 0.9, 0.99, 0.999};
        List<NoWorseCheck.Ratio> ratios = NoWorseCheck.pointRatios(List.of(a), List.of(b), quantiles);
        for (int i = 0; i < quantiles.length; i++) {
            double q = quantiles[i] * 100;
            assertEquals(
                    jmhA.getPercentile(q) / jmhB.getPercentile(q), ratios.get(i).ratio(), 1e-9, "" + q);
        }
    }

    @Test
    void theSameTimesGiveARatioOfOneWithNoWidth() {
        List<double[]> times = batches(2, 60);

        for (NoWorseCheck.Ratio ratio : NoWorseCheck.ratios(times, times, 0.95, 0.5, 0.99)) {
            assertEquals(1, ratio.ratio(), 1e-12);
            assertEquals(1, ratio.low(), 1e-12);
            assertEquals(1, ratio.high(), 1e-12);
        }
    }

    @Test
    void theIntervalSurroundsTheRatioAndTheSeedFixesIt() {
        List<double[]> slower = batches(3, 66);
        List<double[]> faster = batches(4, 60);

        List<NoWorseCheck.Ratio> ratios = NoWorseCheck.ratios(slower, faster, 0.95, 0.5, 0.99);

        assertEquals(ratios, NoWorseCheck.ratios(slower, faster, 0.95, 0.5, 0.99));
        for (NoWorseCheck.Ratio ratio : ratios) {
            assertTrue(ratio.low() < ratio.ratio() && ratio.ratio() < ratio.high(), ratio.toString());
            assertTrue(ratio.spread() > 1 && ratio.spread() < 1.5, ratio.toString());
        }
        assertEquals(1.1, ratios.get(0).ratio(), 0.05);
    }

    @Test
    void aWiderConfidenceGivesAWiderInterval() {
        List<double[]> a = batches(5, 60);
        List<double[]> b = batches(6, 60);

        NoWorseCheck.Ratio ninety = NoWorseCheck.ratios(a, b, 0.90, 0.99).get(0);
        NoWorseCheck.Ratio ninetyNine = NoWorseCheck.ratios(a, b, 0.99, 0.99).get(0);

        assertTrue(ninetyNine.low() < ninety.low() && ninety.high() < ninetyNine.high(), ninety + " " + ninetyNine);
    }

    /** 30 invocations of 48 times around {@code median}, drawn from {@code seed}. */
    private static List<double[]> batches(long seed, double median) {
        return new ArrayList<>(
                RequestTimesSamples.batches(seed, 30, 48, median, 0.1).values());
    }

    @Test
    void invocationsMustPairUp() {
        List<double[]> three = List.of(new double[] {1}, new double[] {2}, new double[] {3});
        List<double[]> two = List.of(new double[] {1}, new double[] {2});

        assertThrows(IllegalArgumentException.class, () -> NoWorseCheck.ratios(three, two, 0.95, 0.5));
        assertThrows(IllegalArgumentException.class, () -> NoWorseCheck.ratios(three, three, 1, 0.5));
    }
}
