package io.github.metatilefanout.benchmark;

/**
 * Tiles served per second by several strategies in one JVM, batch by batch in turn, for ratios between
 * them that can be read to a few percent: {@code <strategy>.tiles}, in tiles/s. A batch is {@link
 * ThroughputBenchmark}'s.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full Interleaved}, or through JMH: {@code java
 * -jar benchmark/target/benchmarks.jar InterleavedThroughputBenchmark -p hits=75 -p clients=1 -p pool=2xcores
 * -prof io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
public class InterleavedThroughputBenchmark extends InTurnBenchmark {

    @Override
    int batchSize(int clientCount, int hitPercent) {
        return ThroughputBenchmark.batchSize(clientCount, hitPercent);
    }
}
