package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.Counts;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Threads;

/**
 * Time to first tile: how long one client waits for a tile of a metatile that is not cached, on an
 * otherwise idle server (before each request the server finishes the work of the previous one). Compare
 * with {@link RenderEncodeBenchmark}: rendering the metatile plus encoding one tile is the least any
 * strategy that renders the metatile can take.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full '^FirstTile'}, or through JMH: {@code java
 * -jar benchmark/target/benchmarks.jar '^.*\.FirstTileBenchmark' -p format=png -prof
 * io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class FirstTileBenchmark {

    /** The strategy: sequential, upstream-2.27, fanout or direct. */
    @Param({"sequential", "upstream-2.27", "fanout", "direct"})
    public String strategy;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads of the strategies that have a pool. */
    @Param({"2xcores"})
    public String pool;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png", "png8"})
    public String format;

    private Harness harness;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        harness = new Harness(Strategy.of(strategy), metatile, format, Counts.resolve(pool), 0);
        harness.warmUp();
        HarnessProfiler.watch(() -> harness.figures(""));
    }

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        harness.startIteration();
    }

    @Setup(Level.Invocation)
    public void awaitIdle() throws Exception {
        harness.awaitIdle();
    }

    @Benchmark
    public byte[] firstTile() throws Exception {
        return harness.serveMiss();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        harness.close();
    }
}
