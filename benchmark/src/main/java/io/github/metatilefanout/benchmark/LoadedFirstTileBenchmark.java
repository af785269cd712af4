package io.github.metatilefanout.benchmark;

/**
 * Time to first tile under load, {@code <strategy>.latency}: several clients at once, every request a miss,
 * {@value #REQUESTS_PER_CLIENT} per client and strategy in each invocation. Run: {@code java -jar
 * benchmark/target/benchmarks.jar full LoadedFirstTile}.
 */
public class LoadedFirstTileBenchmark extends ServingBenchmark {

    static final int REQUESTS_PER_CLIENT = 8;

    @Override
    int batchSize(int clientCount, int hitPercent) {
        return REQUESTS_PER_CLIENT * clientCount;
    }
}
