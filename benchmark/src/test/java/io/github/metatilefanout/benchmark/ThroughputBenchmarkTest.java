package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

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
        Map<String, Result> reported = MeasuredIteration.run(
                benchmark,
                Map.of(
                        "strategies", "sequential+upstream-2.27+fanout",
                        "hits", "75",
                        "metatile", "4x4",
                        "pool", "cores",
                        "clients", "1",
                        "format", "png"),
                3,
                () -> {});

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
