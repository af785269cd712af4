package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.List;
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
 * Tiles served per second by {@code sequential}, {@code upstream-2.27} and {@code fanout} in one JVM,
 * batch by batch in turn, for ratios between them that can be read to a few percent.
 *
 * <p>{@link ThroughputBenchmark} runs each strategy in a JVM of its own, and two JVMs of the same code
 * differ by up to 10 to 20 % on this kind of machine (what the JIT compiler made of the renderer, where the
 * heap landed). Here each invocation sends one batch through each strategy, in an order that rotates from
 * one invocation to the next, each batch timed from its first request until its server is idle. Every
 * strategy thus runs the same compiled code under the same machine conditions, interleaved at the scale of
 * a fraction of a second. The counters {@code <strategy>Tiles} and {@code <strategy>Micros} give each
 * strategy's tiles per second: tiles x 10<sup>6</sup> / micros.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class InterleavedThroughputBenchmark {

    /** The strategies compared, in the order of the first invocation. */
    static final List<Strategy> STRATEGIES = List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.FANOUT);

    /** Requests, in percent, that ask for a tile already stored. */
    @Param({"0", "75"})
    public int hits;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads of the strategies that have a pool. */
    @Param({"2xcores"})
    public String pool;

    /** Simultaneous clients. */
    @Param({"1", "4xcores"})
    public String clients;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png"})
    public String format;

    private final Harness[] harnesses = new Harness[STRATEGIES.size()];
    private ClientDriver driver;
    private int batch;
    private int round;

    /** Tiles served and time spent per strategy; JMH reports the totals. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Served {

        /** Tiles served by sequential. */
        public long sequentialTiles;

        /** Microseconds sequential took to serve them. */
        public long sequentialMicros;

        /** Tiles served by upstream-2.27. */
        public long upstreamTiles;

        /** Microseconds upstream-2.27 took to serve them. */
        public long upstreamMicros;

        /** Tiles served by fanout. */
        public long fanoutTiles;

        /** Microseconds fanout took to serve them. */
        public long fanoutMicros;

        @Setup(Level.Iteration)
        public void reset() {
            sequentialTiles = sequentialMicros = 0;
            upstreamTiles = upstreamMicros = 0;
            fanoutTiles = fanoutMicros = 0;
        }

        void add(Strategy strategy, long tiles, long nanos) {
            long micros = TimeUnit.NANOSECONDS.toMicros(nanos);
            switch (strategy) {
                case SEQUENTIAL -> {
                    sequentialTiles += tiles;
                    sequentialMicros += micros;
                }
                case UPSTREAM_2_27 -> {
                    upstreamTiles += tiles;
                    upstreamMicros += micros;
                }
                case FANOUT -> {
                    fanoutTiles += tiles;
                    fanoutMicros += micros;
                }
                default -> throw new IllegalArgumentException("Not interleaved: " + strategy);
            }
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        int poolSize = Sizes.count(pool);
        for (int s = 0; s < harnesses.length; s++) {
            harnesses[s] = new Harness(STRATEGIES.get(s), metatile, format, poolSize, hits);
        }
        int clientCount = Sizes.count(clients);
        driver = new ClientDriver(clientCount);
        batch = ThroughputBenchmark.batchSize(clientCount, hits);
        for (Harness harness : harnesses) {
            harness.warmUp();
        }
    }

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        for (Harness harness : harnesses) {
            harness.startIteration();
        }
    }

    /** One batch through each strategy, starting with the next one in turn. */
    @Benchmark
    public long serveInTurn(Served served) throws Exception {
        long bytes = 0;
        int first = round++ % harnesses.length;
        for (int k = 0; k < harnesses.length; k++) {
            int s = (first + k) % harnesses.length;
            Harness harness = harnesses[s];
            long start = System.nanoTime();
            bytes += driver.run(batch, harness::serve);
            harness.awaitIdle();
            served.add(STRATEGIES.get(s), batch, System.nanoTime() - start);
        }
        return bytes;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        driver.close();
        for (Harness harness : harnesses) {
            harness.close();
        }
    }
}
