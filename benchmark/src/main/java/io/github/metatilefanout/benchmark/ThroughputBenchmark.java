package io.github.metatilefanout.benchmark;

/**
 * Tiles per second, {@code <strategy>.tiles}: each invocation a batch of {@code max(16, 4 x clients)} misses
 * and their hits, timed until the server is idle, so work left to a pool counts alike at every hit ratio.
 * Run: {@code java -jar benchmark/target/benchmarks.jar full '^Throughput'}.
 */
public class ThroughputBenchmark extends ServingBenchmark {

    @Override
    int batchSize(int clientCount, int hitPercent) {
        int misses = Math.max(16, 4 * clientCount);
        return hitPercent == 100 ? misses : misses * 100 / (100 - hitPercent);
    }
}
