package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThroughputBenchmarkTest {

    @Test
    void aBatchHoldsTheSameMissesAtEveryHitRatio() {
        assertEquals(16, ThroughputBenchmark.batchSize(1, 0));
        assertEquals(32, ThroughputBenchmark.batchSize(1, 50));
        assertEquals(64, ThroughputBenchmark.batchSize(1, 75));
        assertEquals(160, ThroughputBenchmark.batchSize(1, 90));
        assertEquals(32, ThroughputBenchmark.batchSize(8, 0));
        assertEquals(128, ThroughputBenchmark.batchSize(8, 75));
        assertEquals(16, ThroughputBenchmark.batchSize(1, 100));
    }
}
