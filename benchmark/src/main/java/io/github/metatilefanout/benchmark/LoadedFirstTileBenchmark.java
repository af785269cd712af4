package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.RequestTimes;
import io.github.metatilefanout.benchmark.report.Scenario;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
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
 * Time to first tile under load: how long each request waits when several clients ask at once, every
 * request for a tile of a metatile nobody has asked for before (0 % hits), for {@code sequential}, {@code
 * upstream-2.27} and {@code fanout} (or the {@link #strategies} given) in one JVM, in turn.
 *
 * <p>{@link FirstTileBenchmark} times one client on an idle server; here the clients keep the server busy,
 * so a strategy that leaves work to its pool competes with it for the cores. Each invocation sends one
 * batch of {@value #REQUESTS_PER_CLIENT} requests per client through each strategy, in an order that
 * rotates from one invocation to the next, waiting after each batch until its server is idle (outside the
 * timing). Every request is timed on its client thread; a batch's requests that did not run under its
 * full load (see {@link ClientDriver#run(int, Requester, ClientDriver.LatencySink)}: the first request of
 * each client and those answered once no request was left to send) are left out. {@link HarnessProfiler}
 * reports the times per strategy as {@code <strategy>.latency}, with percentiles over every measured
 * iteration, the mean render and encode times inside the same trial as {@code <strategy>.render.ms} and
 * {@code <strategy>.encode.ms}, and how many metatiles fanout handed to its pool or ran on the request
 * thread ({@code fanout.jobs.handedOff}, {@code fanout.jobs.ranOnCaller}); the primary score, rounds per
 * second, means little. The same times, each with the measured invocation it came from, go to a {@link
 * RequestTimes} file when the system property {@value RequestTimeLog#PROPERTY} names one (the profiles
 * do), for the summary's block bootstrap.
 *
 * <p>Run it alone, with its results, summary and check, through a profile: {@code java -jar
 * benchmark/target/benchmarks.jar full LoadedFirstTileBenchmark} (the full profile's trials of this
 * benchmark; {@code quick} for its shorter one). Through JMH's own command line the profiler must be
 * named: {@code java -jar benchmark/target/benchmarks.jar LoadedFirstTileBenchmark -p metatile=4x4 -prof
 * io.github.metatilefanout.benchmark.HarnessProfiler}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
public class LoadedFirstTileBenchmark {

    /** Requests each client sends per strategy and invocation. */
    static final int REQUESTS_PER_CLIENT = 8;

    /**
     * The strategies compared, joined by {@code +}, in the order of the first invocation: all three, or
     * sequential and fanout only where time is short.
     */
    @Param({"sequential+upstream-2.27+fanout"})
    public String strategies;

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

    private List<Strategy> compared;
    private Harness[] harnesses;
    private final Latencies latencies = new Latencies();
    private RequestTimeLog log;
    private ClientDriver driver;
    private int batch;
    private int round;
    private boolean measuring;
    private int measuredInvocations;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        compared = strategies(strategies);
        int poolSize = Sizes.count(pool);
        harnesses = new Harness[compared.size()];
        Map<Strategy, Harness> watched = new EnumMap<>(Strategy.class);
        for (int s = 0; s < harnesses.length; s++) {
            harnesses[s] = new Harness(compared.get(s), metatile, format, poolSize, 0);
            watched.put(compared.get(s), harnesses[s]);
        }
        int clientCount = Sizes.count(clients);
        driver = new ClientDriver(clientCount);
        batch = REQUESTS_PER_CLIENT * clientCount;
        for (Harness harness : harnesses) {
            harness.warmUp();
        }
        HarnessProfiler.watch(latencies, watched);
        log = RequestTimeLog.configured(new Scenario(0, metatile, clients, pool, format));
    }

    /** Starts an iteration, whose invocations are kept in the request-time log if it is measured. */
    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) throws Exception {
        measuring = iteration.getType() == IterationType.MEASUREMENT;
        for (Harness harness : harnesses) {
            harness.startIteration();
        }
    }

    /** One batch through each strategy, starting with the next one in turn. */
    @Benchmark
    public long firstTilesInTurn() throws Exception {
        long bytes = 0;
        int first = round++ % harnesses.length;
        int invocation = measuring ? ++measuredInvocations : 0;
        for (int k = 0; k < harnesses.length; k++) {
            int s = (first + k) % harnesses.length;
            Harness harness = harnesses[s];
            Strategy strategy = compared.get(s);
            bytes += driver.run(batch, n -> harness.serveMiss(), nanos -> {
                latencies.add(strategy, nanos);
                if (invocation > 0) {
                    log.add(strategy, invocation, nanos);
                }
            });
            harness.awaitIdle();
        }
        return bytes;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        log.write();
        driver.close();
        for (Harness harness : harnesses) {
            harness.close();
        }
    }

    /** The strategies of a {@link #strategies} value: {@code sequential+fanout}, for instance. */
    static List<Strategy> strategies(String joined) {
        List<Strategy> parsed =
                Arrays.stream(joined.split("\\+")).map(Strategy::of).distinct().toList();
        if (parsed.size() < 2) {
            throw new IllegalArgumentException("strategies '" + joined + "' names fewer than two strategies");
        }
        return parsed;
    }
}
