package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.Counts;
import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
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
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.SampleBuffer;

/**
 * Clients sending batches of requests through one strategy, or several in turn in one JVM (each invocation
 * a batch through each, the first rotating: two JVMs of the same code differ by up to 20 % on 2 cores). Per
 * strategy and iteration {@link HarnessProfiler} reports {@code <strategy>.tiles} (tiles/s, each batch timed
 * until its server is idle), {@code <strategy>.cpu.perRequest} (ms of the process's CPU time over the same
 * span, per request), {@code <strategy>.latency} (ms, requests under the batch's full load, see {@link
 * ClientDriver#run}) and its harness's figures. A subclass says how many requests a batch holds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
public abstract class ServingBenchmark {

    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** One strategy, or several joined by {@code +}, served in turn. */
    @Param({"sequential+upstream-2.27+fanout"})
    public String strategies;

    /** Requests, in percent, for a tile already stored. */
    @Param({"0"})
    public int hits;

    @Param({"4x4", "10x10"})
    public String metatile;

    /** Pool threads: a number, cores or {@code <n>xcores}. */
    @Param({"2"})
    public String pool;

    /** Simultaneous clients: a number, cores or {@code <n>xcores}. */
    @Param({"8"})
    public String clients;

    @Param({"png"})
    public String format;

    private final Map<Strategy, Harness> harnesses = new LinkedHashMap<>();
    /** Per strategy: tiles served, nanoseconds taken, nanoseconds of CPU time. */
    private final Map<Strategy, long[]> served = new TreeMap<>();

    private final Map<Strategy, SampleBuffer> latencies = new TreeMap<>();
    private ClientDriver driver;
    private int batch;
    private int round;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) throws Exception {
        Map<String, String> values = new TreeMap<>();
        params.getParamsKeys().forEach(key -> values.put(key, params.getParam(key)));
        setUp(values);
    }

    void setUp(Map<String, String> params) throws Exception {
        int clientCount = Counts.resolve(params.get("clients"));
        int hitPercent = Integer.parseInt(params.get("hits"));
        driver = new ClientDriver(clientCount);
        batch = batchSize(clientCount, hitPercent);
        int poolSize = Counts.resolve(params.get("pool"));
        String metatile = params.get("metatile");
        String format = params.get("format");
        for (Strategy strategy : strategies(params.get("strategies"))) {
            harnesses.put(strategy, new Harness(strategy, metatile, format, poolSize, hitPercent, nodes(strategy)));
        }
        for (Harness harness : harnesses.values()) {
            harness.warmUp();
        }
        HarnessProfiler.watch(this::takeFigures);
    }

    /** The strategies of a {@code strategies} parameter, such as {@code sequential+fanout}. */
    static List<Strategy> strategies(String joined) {
        return Arrays.stream(joined.split("\\+")).map(Strategy::of).distinct().toList();
    }

    /** A lock provider per node serving {@code strategy}: one, in-process. */
    List<LockProvider> nodes(Strategy strategy) {
        return List.of(new MemoryLockProvider());
    }

    /** Requests per strategy and invocation. */
    abstract int batchSize(int clientCount, int hitPercent);

    @Setup(Level.Iteration)
    public void startIteration() throws Exception {
        for (Harness harness : harnesses.values()) {
            harness.startIteration();
        }
    }

    /** One batch through each strategy, starting with the next one in turn. */
    @Benchmark
    public long serveInTurn() throws Exception {
        List<Strategy> order = new ArrayList<>(harnesses.keySet());
        Collections.rotate(order, -(round++ % order.size()));
        long bytes = 0;
        for (Strategy strategy : order) {
            Harness harness = harnesses.get(strategy);
            long start = System.nanoTime();
            long cpuStart = PROCESS.getProcessCpuTime();
            bytes += driver.run(batch, harness::serve, nanos -> answered(strategy, nanos));
            harness.awaitIdle();
            served(strategy, batch, System.nanoTime() - start, PROCESS.getProcessCpuTime() - cpuStart);
        }
        return bytes;
    }

    private synchronized void answered(Strategy strategy, long nanos) {
        latencies.computeIfAbsent(strategy, s -> new SampleBuffer()).add(nanos);
    }

    private synchronized void served(Strategy strategy, long tiles, long nanos, long cpuNanos) {
        long[] counts = served.computeIfAbsent(strategy, s -> new long[3]);
        counts[0] += tiles;
        counts[1] += nanos;
        counts[2] += cpuNanos;
    }

    /** What each strategy did since the last call, as JMH results; the next ones start afresh. */
    synchronized List<Result> takeFigures() {
        List<Result> figures = new ArrayList<>();
        served.forEach((strategy, counts) -> {
            figures.add(new ScalarResult(
                    strategy + ".tiles", counts[0] * 1e9 / counts[1], "tiles/s", AggregationPolicy.AVG));
            figures.add(new ScalarResult(
                    strategy + ".cpu.perRequest", counts[2] / 1e6 / counts[0], "ms", AggregationPolicy.AVG));
        });
        latencies.forEach((strategy, times) -> figures.add(
                new SampleTimeResult(ResultRole.SECONDARY, strategy + ".latency", times, TimeUnit.MILLISECONDS)));
        harnesses.forEach((strategy, harness) -> figures.addAll(harness.figures(strategy + ".")));
        served.clear();
        latencies.clear();
        return figures;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        driver.close();
        for (Harness harness : harnesses.values()) {
            harness.close();
        }
        closeNodes();
    }

    /** Stops what {@link #nodes} needed, once every server is closed. */
    void closeNodes() throws Exception {}
}
