package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.SampleBuffer;

/**
 * Strategies served in turn in one JVM, each over a harness of its own: each invocation sends one batch
 * through each, in an order that rotates from one invocation to the next, so every strategy runs the same
 * compiled code under the same machine conditions, a fraction of a second apart (two JVMs of the same code
 * differ by up to 10 to 20 % on 2 cores).
 *
 * <p>Per strategy and iteration it keeps the tiles served and the time they took (each batch timed from its
 * first request until its server is idle), and the time of every request answered under the batch's full
 * load (see {@link ClientDriver#run(int, ClientDriver.Requester, ClientDriver.LatencySink)}). {@link
 * HarnessProfiler} reports them as {@code <strategy>.tiles} (tiles/s), {@code <strategy>.latency} (ms, with
 * percentiles, every request's time kept per iteration) and each harness's own figures.
 */
final class StrategiesInTurn implements AutoCloseable {

    private final Map<Strategy, Harness> harnesses = new LinkedHashMap<>();
    private final Map<Strategy, long[]> tilesAndNanos = new TreeMap<>();
    private final Map<Strategy, SampleBuffer> latencies = new TreeMap<>();
    private int round;

    /**
     * @param params the trial's parameters: {@code strategies} (joined by {@code +}, in the order of the first
     *     invocation), {@code metatile}, {@code format}, {@code pool}, {@code hits} and any others, by name
     * @param nodes the lock provider of each node of a strategy's harness
     */
    StrategiesInTurn(Map<String, String> params, Function<Strategy, List<LockProvider>> nodes) throws Exception {
        Map<String, String> scenario = new TreeMap<>(params);
        for (Strategy strategy : strategies(scenario.remove("strategies"))) {
            harnesses.put(
                    strategy,
                    new Harness(
                            strategy,
                            scenario.get("metatile"),
                            scenario.get("format"),
                            Sizes.count(scenario.get("pool")),
                            Integer.parseInt(scenario.get("hits")),
                            nodes.apply(strategy)));
        }
        for (Harness harness : harnesses.values()) {
            harness.warmUp();
        }
    }

    /** The strategies of a {@code strategies} parameter, such as {@code sequential+fanout}. */
    static List<Strategy> strategies(String joined) {
        return Arrays.stream(joined.split("\\+")).map(Strategy::of).distinct().toList();
    }

    /** Starts an iteration. */
    void startIteration() throws Exception {
        for (Harness harness : harnesses.values()) {
            harness.startIteration();
        }
    }

    /** One batch of {@code requests} through each strategy, starting with the next one in turn. */
    long serveInTurn(ClientDriver driver, int requests) throws Exception {
        List<Strategy> order = new ArrayList<>(harnesses.keySet());
        Collections.rotate(order, -(round++ % order.size()));
        long bytes = 0;
        for (Strategy strategy : order) {
            Harness harness = harnesses.get(strategy);
            long start = System.nanoTime();
            bytes += driver.run(requests, harness::serve, nanos -> answered(strategy, nanos));
            harness.awaitIdle();
            served(strategy, requests, System.nanoTime() - start);
        }
        return bytes;
    }

    private synchronized void answered(Strategy strategy, long nanos) {
        latencies.computeIfAbsent(strategy, s -> new SampleBuffer()).add(nanos);
    }

    private synchronized void served(Strategy strategy, long tiles, long nanos) {
        long[] counts = tilesAndNanos.computeIfAbsent(strategy, s -> new long[2]);
        counts[0] += tiles;
        counts[1] += nanos;
    }

    /** What each strategy did since the last call, as JMH results; the next ones start afresh. */
    synchronized List<Result> takeFigures() {
        List<Result> figures = new ArrayList<>();
        tilesAndNanos.forEach((strategy, counts) -> figures.add(
                new ScalarResult(strategy + ".tiles", counts[0] * 1e9 / counts[1], "tiles/s", AggregationPolicy.AVG)));
        latencies.forEach((strategy, times) -> figures.add(
                new SampleTimeResult(ResultRole.SECONDARY, strategy + ".latency", times, TimeUnit.MILLISECONDS)));
        harnesses.forEach((strategy, harness) -> figures.addAll(harness.figures(strategy + ".")));
        tilesAndNanos.clear();
        latencies.clear();
        return figures;
    }

    @Override
    public void close() throws Exception {
        for (Harness harness : harnesses.values()) {
            harness.close();
        }
    }
}
