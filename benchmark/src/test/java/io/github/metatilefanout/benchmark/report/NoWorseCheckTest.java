package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The first-tile-under-load verdict with {@link Summary}'s constants, on times drawn from fixed seeds. */
class NoWorseCheckTest {

    private final NoWorseCheck check = new NoWorseCheck(
            new BlockBootstrap(Summary.BOOTSTRAP_RESAMPLES, Summary.BOOTSTRAP_SEED),
            Summary.CONFIDENCE_PERCENT / 100.0,
            Summary.MIN_INVOCATIONS,
            Summary.MIN_REQUESTS,
            Summary.MAX_SPREAD);

    @Test
    void twoDrawsOfTheSameDistributionPass() {
        // as in the full profile: 48 invocations of 48 timed requests each
        for (long seed = 10; seed < 16; seed += 2) {
            NoWorseCheck.Verdict verdict = check.judge(
                    RequestTimesSamples.batches(seed, 48, 48, 60, 0.1),
                    RequestTimesSamples.batches(seed + 1, 48, 48, 60, 0.1));

            assertTrue(verdict.passed(), verdict.toString());
            assertTrue(verdict.reason().startsWith("not measurably worse: p50 "), verdict.reason());
            assertEquals(48, verdict.invocations());
            assertEquals(48 * 48, verdict.requests());
            assertEquals(48 * 48, verdict.otherRequests());
            for (BlockBootstrap.Ratio ratio : verdict.ratios()) {
                assertTrue(ratio.ratio() <= 1 || ratio.low() <= 1, ratio.toString());
                assertTrue(ratio.spread() <= Summary.MAX_SPREAD, ratio.toString());
            }
        }
    }

    @Test
    void aClearlySlowerStrategyFails() {
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(20, 48, 48, 75, 0.1), RequestTimesSamples.batches(21, 48, 48, 60, 0.1));

        assertFalse(verdict.passed());
        assertEquals("measurably worse at p50 and p99: their intervals lie wholly above 1.00", verdict.reason());
        assertTrue(verdict.ratios().get(0).low() > 1, verdict.toString());
    }

    @Test
    void tooFewSamplesCannotTell() {
        // the quick profile: 2 invocations; the same times for both, which would otherwise pass
        SortedMap<Integer, double[]> times = RequestTimesSamples.batches(30, 2, 48, 60, 0.1);

        NoWorseCheck.Verdict verdict = check.judge(times, times);

        assertFalse(verdict.passed());
        assertEquals(
                "cannot tell, too few samples: 2 invocations, 96 and 96 requests (at least 20 invocations and 1000"
                        + " requests each needed)",
                verdict.reason());
        assertEquals(2, verdict.ratios().size());
        assertEquals(1, verdict.ratios().get(1).ratio());
        assertTrue(Double.isNaN(verdict.ratios().get(1).low()), "no interval from two invocations");
    }

    @Test
    void enoughInvocationsButTooFewRequestsCannotTell() {
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(31, 40, 20, 60, 0.1), RequestTimesSamples.batches(32, 40, 20, 60, 0.1));

        assertFalse(verdict.passed());
        assertTrue(
                verdict.reason().startsWith("cannot tell, too few samples: 40 invocations, 800 and 800"),
                verdict.reason());
    }

    @Test
    void anIntervalWhollyBelowOnePassesHoweverWide() {
        // a wide drift from batch to batch, but fanout three times faster
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(40, 25, 48, 20, 0.6), RequestTimesSamples.batches(41, 25, 48, 60, 0.6));

        assertTrue(verdict.passed(), verdict.toString());
        assertTrue(verdict.ratios().stream().allMatch(r -> r.high() < 1), verdict.toString());
        assertTrue(verdict.ratios().stream().anyMatch(r -> r.spread() > 1.3), verdict.toString());
        assertTrue(verdict.reason().startsWith("not measurably worse: p50 lower, its interval wholly below 1.00"));
    }

    @Test
    void anIntervalTooWideCannotTell() {
        // batches that differ threefold from one to the next: no interval narrow enough
        NoWorseCheck.Verdict verdict = check.judge(
                RequestTimesSamples.batches(40, 25, 48, 60, 1.0), RequestTimesSamples.batches(41, 25, 48, 60, 1.0));

        assertFalse(verdict.passed(), verdict.toString());
        assertEquals(
                "cannot tell, the intervals of p50 and p99 are too wide (upper / lower above 1.30)", verdict.reason());
    }

    @Test
    void nothingTimedInTheSameInvocationsCannotTell() {
        SortedMap<Integer, double[]> odd = new TreeMap<>();
        SortedMap<Integer, double[]> even = new TreeMap<>();
        RequestTimesSamples.batches(50, 40, 48, 60, 0.1)
                .forEach((invocation, times) -> (invocation % 2 == 0 ? even : odd).put(invocation, times));

        NoWorseCheck.Verdict verdict = check.judge(odd, even);

        assertFalse(verdict.passed());
        assertTrue(
                verdict.reason().startsWith("cannot tell, too few samples: 0 invocations, 0 and 0"), verdict.reason());
        assertTrue(verdict.ratios().isEmpty());
    }
}
