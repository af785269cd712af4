package io.github.metatilefanout.benchmark;

/**
 * Tiles served per second under a number of clients and a cache-hit ratio: {@code <strategy>.tiles}. Each
 * invocation sends a batch and waits until the server has no work left, so work a strategy defers to its
 * pool counts in its time. A batch holds {@code max(16, 4 x clients)} misses whatever the hit ratio, so the
 * wait at its end, where a pool may finish alone, weighs the same at every ratio.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full '^Throughput'}, or through JMH: {@code java
 * -jar benchmark/target/benchmarks.jar ThroughputBenchmark -p strategies=sequential+fanout -p hits=75 -p
 * clients=1 -p pool=2xcores -p metatile=4x4 -prof io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
public class ThroughputBenchmark extends ServingBenchmark {

    @Override
    int batchSize(int clientCount, int hitPercent) {
        int misses = Math.max(16, 4 * clientCount);
        return hitPercent == 100 ? misses : misses * 100 / (100 - hitPercent);
    }
}
