package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Clients sending batches of requests through one strategy, or through several in turn in one JVM
 * ({@link StrategiesInTurn}); a subclass says how many requests a batch holds. Reports per strategy
 * {@code <strategy>.tiles} (tiles/s, each batch timed until its server is idle), {@code
 * <strategy>.latency} (ms, with percentiles) and its harness's figures.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
public abstract class ServingBenchmark {

    /** One strategy, or several joined by {@code +} served in turn, in the order of the first invocation. */
    @Param({"sequential+upstream-2.27+fanout"})
    public String strategies;

    /** Requests, in percent, that ask for a tile already stored. */
    @Param({"0"})
    public int hits;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads of the strategies that have a pool: a number, cores or {@code <n>xcores}. */
    @Param({"2"})
    public String pool;

    /** Simultaneous clients: a number, cores or {@code <n>xcores}. */
    @Param({"8"})
    public String clients;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png"})
    public String format;

    private StrategiesInTurn inTurn;
    private ClientDriver driver;
    private int batch;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) throws Exception {
        Map<String, String> values = new TreeMap<>();
        params.getParamsKeys().forEach(key -> values.put(key, params.getParam(key)));
        setUp(values);
    }

    /** Sets the trial up from its parameters' values, by name. */
    void setUp(Map<String, String> params) throws Exception {
        int clientCount = Sizes.count(params.get("clients"));
        driver = new ClientDriver(clientCount);
        batch = batchSize(clientCount, Integer.parseInt(params.get("hits")));
        inTurn = new StrategiesInTurn(params, this::nodes);
        HarnessProfiler.watch(inTurn);
    }

    /** The lock provider of each node serving {@code strategy}: one node with in-process locks. */
    List<LockProvider> nodes(Strategy strategy) {
        return List.of(new MemoryLockProvider());
    }

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        inTurn.startIteration();
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
        closeNodes();
    }

    /** Stops what {@link #nodes} needed, once every server is closed. */
    void closeNodes() throws Exception {}
}
