package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

class BlockBootstrapTest {

    private final BlockBootstrap bootstrap = new BlockBootstrap(1000, 13);

    @Test
    void quantilesAreEstimatedAsJmhDoes() {
        double[] a = RequestTimesSamples.batches(1, 1, 537, 50, 0).get(1);
        double[] b = RequestTimesSamples.batches(2, 1, 311, 50, 0).get(1);
        ListStatistics jmhA = new ListStatistics(a);
        ListStatistics jmhB = new ListStatistics(b);

        double[] quantiles = {0.001, 0.25, 0.5, 0.9, 0.99, 0.999};
        List<BlockBootstrap.Ratio> ratios = BlockBootstrap.pointRatios(List.of(a), List.of(b), quantiles);
        for (int i = 0; i < quantiles.length; i++) {
            double q = quantiles[i] * 100;
            assertEquals(
                    jmhA.getPercentile(q) / jmhB.getPercentile(q), ratios.get(i).ratio(), 1e-9, "" + q);
        }
    }

    @Test
    void theSameTimesGiveARatioOfOneWithNoWidth() {
        List<double[]> times =
                new ArrayList<>(RequestTimesSamples.batches(2, 30, 48, 60, 0.1).values());

        for (BlockBootstrap.Ratio ratio : bootstrap.ratios(times, times, 0.95, 0.5, 0.99)) {
            assertEquals(1, ratio.ratio(), 1e-12);
            assertEquals(1, ratio.low(), 1e-12);
            assertEquals(1, ratio.high(), 1e-12);
        }
    }

    @Test
    void theIntervalSurroundsTheRatioAndTheSeedFixesIt() {
        List<double[]> slower =
                new ArrayList<>(RequestTimesSamples.batches(3, 30, 48, 66, 0.1).values());
        List<double[]> faster =
                new ArrayList<>(RequestTimesSamples.batches(4, 30, 48, 60, 0.1).values());

        List<BlockBootstrap.Ratio> ratios = bootstrap.ratios(slower, faster, 0.95, 0.5, 0.99);

        assertEquals(ratios, new BlockBootstrap(1000, 13).ratios(slower, faster, 0.95, 0.5, 0.99));
        for (BlockBootstrap.Ratio ratio : ratios) {
            assertTrue(ratio.low() < ratio.ratio() && ratio.ratio() < ratio.high(), ratio.toString());
            assertTrue(ratio.spread() > 1 && ratio.spread() < 1.5, ratio.toString());
        }
        assertEquals(1.1, ratios.get(0).ratio(), 0.05);
    }

    @Test
    void aWiderConfidenceGivesAWiderInterval() {
        List<double[]> a =
                new ArrayList<>(RequestTimesSamples.batches(5, 30, 48, 60, 0.1).values());
        List<double[]> b =
                new ArrayList<>(RequestTimesSamples.batches(6, 30, 48, 60, 0.1).values());

        BlockBootstrap.Ratio ninety = bootstrap.ratios(a, b, 0.90, 0.99).get(0);
        BlockBootstrap.Ratio ninetyNine = bootstrap.ratios(a, b, 0.99, 0.99).get(0);

        assertTrue(ninetyNine.low() < ninety.low() && ninety.high() < ninetyNine.high(), ninety + " " + ninetyNine);
    }

    @Test
    void invocationsMustPairUp() {
        List<double[]> three = List.of(new double[] {1}, new double[] {2}, new double[] {3});
        List<double[]> two = List.of(new double[] {1}, new double[] {2});

        assertThrows(IllegalArgumentException.class, () -> bootstrap.ratios(three, two, 0.95, 0.5));
        assertThrows(IllegalArgumentException.class, () -> bootstrap.ratios(three, three, 1, 0.5));
    }
}
