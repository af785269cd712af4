package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

class ThroughputBenchmarkTest {

    private final ThroughputBenchmark benchmark = new ThroughputBenchmark();

    @Test
    void aBatchHoldsTheSameMissesAtEveryHitRatio() {
        assertEquals(16, benchmark.batchSize(1, 0));
        assertEquals(32, benchmark.batchSize(1, 50));
        assertEquals(64, benchmark.batchSize(1, 75));
        assertEquals(160, benchmark.batchSize(1, 90));
        assertEquals(32, benchmark.batchSize(8, 0));
        assertEquals(128, benchmark.batchSize(8, 75));
        assertEquals(16, benchmark.batchSize(1, 100));
    }

    @Test
    void strategiesInTurnServeTheSameBatchesAndAreTimed() throws Exception {
        Map<String, Result> reported = new HashMap<>();
        benchmark.setUp(Map.of(
                "strategies", "sequential+upstream-2.27+fanout",
                "hits", "75",
                "metatile", "4x4",
                "pool", "cores",
                "clients", "1",
                "format", "png"));
        try {
            benchmark.startIteration(new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.NONE, 1));
            new HarnessProfiler().beforeIteration(null, null);
            for (int invocation = 0; invocation < 3; invocation++) {
                assertTrue(benchmark.serveInTurn() > 0);
            }
            new HarnessProfiler().afterIteration(null, null, null).forEach(r -> reported.put(r.getLabel(), r));
        } finally {
            benchmark.tearDown();
        }

        for (String strategy : new String[] {"sequential", "upstream-2.27", "fanout"}) {
            assertTrue(reported.get(strategy + ".tiles").getScore() > 0, strategy + " in " + reported.keySet());
            // a batch of 64 requests, one client: the first request and the last are not timed
            assertEquals(
                    3 * (64 - 2),
                    reported.get(strategy + ".latency").getStatistics().getN(),
                    strategy);
            assertTrue(reported.get(strategy + ".images.peak").getScore() >= 1, strategy);
        }
    }
}
