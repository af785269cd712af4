package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Results;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class InterleavedThroughputBenchmarkTest {

    @Test
    void everyStrategyServesTheSameBatchesAndIsTimed() throws Exception {
        InterleavedThroughputBenchmark benchmark = new InterleavedThroughputBenchmark();
        benchmark.hits = 75;
        benchmark.metatile = "4x4";
        benchmark.pool = "cores";
        benchmark.clients = "1";
        benchmark.format = "png";
        InterleavedThroughputBenchmark.Served served = new InterleavedThroughputBenchmark.Served();
        benchmark.setUp();
        try {
            benchmark.startIteration();
            served.reset();
            for (int invocation = 0; invocation < 3; invocation++) {
                assertTrue(benchmark.serveInTurn(served) > 0);
            }
        } finally {
            benchmark.tearDown();
        }

        int tiles = 3 * ThroughputBenchmark.batchSize(1, 75);
        assertEquals(tiles, served.sequentialTiles);
        assertEquals(tiles, served.upstreamTiles);
        assertEquals(tiles, served.fanoutTiles);
        assertTrue(served.sequentialMicros > 0 && served.upstreamMicros > 0 && served.fanoutMicros > 0);
    }

    @Test
    void theReportReadsTheCountersTheBenchmarkKeeps() {
        Set<String> fields = Arrays.stream(InterleavedThroughputBenchmark.Served.class.getFields())
                .map(Field::getName)
                .collect(Collectors.toSet());
        for (Strategy strategy : InterleavedThroughputBenchmark.STRATEGIES) {
            String counter = Results.interleavedCounter(strategy);
            assertTrue(fields.contains(counter + "Tiles"), counter + "Tiles in " + fields);
            assertTrue(fields.contains(counter + "Micros"), counter + "Micros in " + fields);
        }
        assertEquals(6, fields.size());
    }
}
