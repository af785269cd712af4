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

/**
 * Time to first tile: one client asks for a tile of an uncached metatile on an idle server. Rendering the
 * metatile and encoding one tile ({@link RenderEncodeBenchmark}) is the least it can take. Run: {@code java
 * -jar benchmark/target/benchmarks.jar full '^FirstTile'}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FirstTileBenchmark {

    @Param({"sequential", "upstream-2.27", "fanout", "direct"})
    public String strategy;

    @Param({"4x4", "10x10"})
    public String metatile;

    @Param({"2xcores"})
    public String pool;

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
