package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The verdict on times drawn from fixed seeds. */
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
            for (BlockBootstrap.Ratio ratio : verdict.ratios()) {
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
}
