package io.github.metatilefanout.benchmark;

/**
 * Time to first tile under load: how long each request waits when several clients ask at once, every
 * request for a tile of a metatile nobody has asked for before, for several strategies in turn in one JVM:
 * {@code <strategy>.latency}, in ms with percentiles. Each invocation sends {@value #REQUESTS_PER_CLIENT}
 * requests per client through each strategy.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full LoadedFirstTile}, or through JMH: {@code
 * java -jar benchmark/target/benchmarks.jar LoadedFirstTileBenchmark -p metatile=4x4 -prof
 * io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
public class LoadedFirstTileBenchmark extends ServingBenchmark {

    /** Requests each client sends per strategy and invocation. */
    static final int REQUESTS_PER_CLIENT = 8;

    @Override
    int batchSize(int clientCount, int hitPercent) {
        return REQUESTS_PER_CLIENT * clientCount;
    }
}
