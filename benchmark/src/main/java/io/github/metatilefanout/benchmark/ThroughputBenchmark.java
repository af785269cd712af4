package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Tiles served per second by one strategy under a number of clients and a cache-hit ratio.
 *
 * <p>Each invocation sends a batch of requests through the clients and then waits until the server has no
 * work left (every tile stored, every metatile image disposed), so work a strategy defers to its pool is
 * counted in the time it takes. A batch holds {@code max(16, 4 x clients)} misses whatever the hit ratio
 * ({@link #batchSize}), so the wait at its end, where a pool may finish alone, weighs the same at every
 * ratio. The {@code tiles} counter, in tiles per second, is the figure to read; the primary score counts
 * batches.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full '^Throughput'}, or through JMH: {@code java
 * -jar benchmark/target/benchmarks.jar ThroughputBenchmark -p strategy=fanout -p hits=75 -p metatile=4x4 -p
 * pool=2xcores -p clients=1 -p format=png -prof io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ThroughputBenchmark {

    /** The strategy: sequential, upstream-2.27, fanout or direct. */
    @Param({"sequential", "upstream-2.27", "fanout", "direct"})
    public String strategy;

    /** Requests, in percent, that ask for a tile already stored. */
    @Param({"0", "50", "75", "90"})
    public int hits;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads of the strategies that have a pool. */
    @Param({"0", "cores", "2xcores", "4xcores"})
    public String pool;

    /** Simultaneous clients. */
    @Param({"1", "cores", "4xcores"})
    public String clients;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png", "png8"})
    public String format;

    private Harness harness;
    private ClientDriver driver;
    private int batch;

    /** Counts the tiles served; JMH reports it per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Served {

        /** Tiles served in this iteration. */
        public long tiles;

        @Setup(Level.Iteration)
        public void reset() {
            tiles = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        harness = new Harness(Strategy.of(strategy), metatile, format, Sizes.count(pool), hits);
        int clientCount = Sizes.count(clients);
        driver = new ClientDriver(clientCount);
        batch = batchSize(clientCount, hits);
        harness.warmUp();
        HarnessProfiler.watch(harness);
    }

    /** Requests per invocation: {@code max(16, 4 x clients)} misses and the hits that go with them. */
    static int batchSize(int clients, int hitPercent) {
        int misses = Math.max(16, 4 * clients);
        return hitPercent == 100 ? misses : misses * 100 / (100 - hitPercent);
    }

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        harness.startIteration();
    }

    @Benchmark
    public long serveBatch(Served served) throws Exception {
        long bytes = driver.run(batch, harness::serve);
        harness.awaitIdle();
        served.tiles += batch;
        return bytes;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        driver.close();
        harness.close();
    }
}
