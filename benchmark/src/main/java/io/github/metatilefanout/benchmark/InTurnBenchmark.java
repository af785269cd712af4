package io.github.metatilefanout.benchmark;

import java.util.Map;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Several strategies served in one JVM, batch by batch in turn ({@link StrategiesInTurn}); a subclass says
 * how many requests a batch holds. Reports per strategy {@code <strategy>.tiles} (tiles/s, each batch
 * timed until its server is idle) and {@code <strategy>.latency} (ms, with percentiles); the request times
 * also go, with their invocation, to the request-time file the summary's verdict resamples.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
public abstract class InTurnBenchmark {

    /** The strategies compared, joined by {@code +}, in the order of the first invocation. */
    @Param({"sequential+upstream-2.27+fanout"})
    public String strategies;

    /** Requests, in percent, that ask for a tile already stored: none. */
    @Param({"0"})
    public int hits;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads of the strategies that have a pool. */
    @Param({"2"})
    public String pool;

    /** Simultaneous clients. */
    @Param({"8"})
    public String clients;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png"})
    public String format;

    private StrategiesInTurn inTurn;
    private ClientDriver driver;
    private int batch;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        int clientCount = Sizes.count(clients);
        driver = new ClientDriver(clientCount);
        batch = batchSize(clientCount, hits);
        Map<String, String> scenario = Map.of(
                "hits",
                Integer.toString(hits),
                "metatile",
                metatile,
                "pool",
                pool,
                "clients",
                clients,
                "format",
                format);
        inTurn = new StrategiesInTurn(strategies, scenario);
        HarnessProfiler.watch(inTurn);
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) throws Exception {
        inTurn.startIteration(iteration.getType() == IterationType.MEASUREMENT);
    }

    /** Requests per strategy and invocation. */
    abstract int batchSize(int clientCount, int hitPercent);

    /** One batch through each strategy, starting with the next one in turn. */
    @Benchmark
    public long serveInTurn() throws Exception {
        return inTurn.serveInTurn(driver, batch);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        driver.close();
        inTurn.close();
    }
}
