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

class InterleavedThroughputBenchmarkTest {

    @Test
    void everyStrategyServesTheSameBatchesAndIsTimed() throws Exception {
        InterleavedThroughputBenchmark benchmark = new InterleavedThroughputBenchmark();
        benchmark.strategies = "sequential+upstream-2.27+fanout";
        benchmark.hits = 75;
        benchmark.metatile = "4x4";
        benchmark.pool = "cores";
        benchmark.clients = "1";
        benchmark.format = "png";
        HarnessProfiler profiler = new HarnessProfiler();
        Map<String, Result> reported = new HashMap<>();
        benchmark.setUp();
        try {
            benchmark.startIteration(new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.NONE, 1));
            profiler.beforeIteration(null, null);
            for (int invocation = 0; invocation < 3; invocation++) {
                assertTrue(benchmark.serveInTurn() > 0);
            }
            profiler.afterIteration(null, null, null).forEach(r -> reported.put(r.getLabel(), r));
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
            assertTrue(reported.containsKey(strategy + ".render.ms"), strategy);
        }
    }
}
