package io.github.metatilefanout.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What a run measures: which scenarios, and how long.
 *
 * <ul>
 *   <li>{@link #QUICK}: a representative subset for the README's main job, under 3 minutes on 2 cores;
 *   <li>{@link #SMOKE}: the quick scenarios with one short iteration each and no warm-up, to keep the
 *       harness working (CI);
 *   <li>{@link #FULL}: every scenario of the issue, about 85 minutes on 2 cores.
 * </ul>
 */
public enum Profile {
    SMOKE(
            Duration.ZERO,
            new Timing(0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300)),
            new Timing(0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300)),
            new Timing(0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300)),
            new Timing(0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300)),
            new Timing(0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300))),
    QUICK(
            Duration.ofSeconds(2),
            new Timing(1, TimeValue.seconds(1), 2, TimeValue.seconds(2)),
            new Timing(1, TimeValue.seconds(1), 2, TimeValue.seconds(3)),
            new Timing(1, TimeValue.milliseconds(2500), 1, TimeValue.milliseconds(2500)),
            new Timing(1, TimeValue.seconds(1), 1, TimeValue.milliseconds(1500)),
            new Timing(0, TimeValue.milliseconds(100), 2, TimeValue.milliseconds(100))),
    FULL(
            Duration.ofSeconds(8),
            new Timing(1, TimeValue.seconds(3), 3, TimeValue.seconds(4)),
            new Timing(1, TimeValue.seconds(4), 4, TimeValue.seconds(6)),
            new Timing(2, TimeValue.seconds(3), 3, TimeValue.seconds(3)),
            new Timing(1, TimeValue.seconds(2), 3, TimeValue.seconds(2)),
            new Timing(1, TimeValue.milliseconds(100), 48, TimeValue.milliseconds(100)));

    /**
     * How long each trial runs.
     *
     * @param warmupIterations warm-up iterations
     * @param warmupTime length of each
     * @param measurementIterations measured iterations
     * @param measurementTime length of each
     */
    public record Timing(
            int warmupIterations, TimeValue warmupTime, int measurementIterations, TimeValue measurementTime) {}

    /**
     * One JMH run: a benchmark class and the values of its parameters (all combinations are run, the
     * strategies of one scenario one after the other). Strategies ignore what does not apply to them:
     * sequential and direct the pool size, direct the hits and the metatile shape.
     *
     * @param benchmark the benchmark class
     * @param params values per parameter
     */
    public record Run(Class<?> benchmark, Map<String, List<String>> params) {}

    private static final List<String> CACHING = List.of("sequential", "upstream-2.27", "fanout");
    private static final List<String> ALL = List.of("sequential", "upstream-2.27", "fanout", "direct");

    private final Duration jitWarmUp;
    private final Timing throughput;
    private final Timing interleaved;
    private final Timing firstTile;
    private final Timing costs;
    private final Timing loadedFirstTile;

    /**
     * @param jitWarmUp how long each throughput and first-tile trial is first served to one client, before
     *     JMH's own warm-up
     * @param throughput timing of {@link ThroughputBenchmark}
     * @param interleaved timing of {@link InterleavedThroughputBenchmark}, whose invocations serve a batch
     *     through each of three strategies
     * @param firstTile timing of {@link FirstTileBenchmark}, whose invocations are few and need a longer
     *     warm-up
     * @param costs timing of {@link RenderEncodeBenchmark}
     * @param loadedFirstTile timing of {@link LoadedFirstTileBenchmark}, whose invocations each serve a
     *     batch per client through each strategy compared (seconds each): iterations of 100 ms run one
     *     invocation each, and about 48 requests of each batch are timed; the summary's check needs 20
     *     invocations and 1,000 requests per strategy at least, and an interval narrow enough: {@code full}'s 48
     *     time about 2,300 requests per strategy
     */
    Profile(
            Duration jitWarmUp,
            Timing throughput,
            Timing interleaved,
            Timing firstTile,
            Timing costs,
            Timing loadedFirstTile) {
        this.jitWarmUp = jitWarmUp;
        this.throughput = throughput;
        this.interleaved = interleaved;
        this.firstTile = firstTile;
        this.costs = costs;
        this.loadedFirstTile = loadedFirstTile;
    }

    /** The profile called {@code name}, case-insensitively. */
    public static Profile of(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unknown profile '" + name + "'; expected quick, full or smoke", e);
        }
    }

    /** How long each throughput and first-tile trial is served to one client before JMH's warm-up. */
    public Duration jitWarmUp() {
        return jitWarmUp;
    }

    /** How long the trials of {@code benchmark} run. */
    public Timing timing(Class<?> benchmark) {
        if (benchmark == ThroughputBenchmark.class) {
            return throughput;
        }
        if (benchmark == InterleavedThroughputBenchmark.class) {
            return interleaved;
        }
        if (benchmark == FirstTileBenchmark.class) {
            return firstTile;
        }
        if (benchmark == RenderEncodeBenchmark.class) {
            return costs;
        }
        if (benchmark == LoadedFirstTileBenchmark.class) {
            return loadedFirstTile;
        }
        throw new IllegalArgumentException("No timing for " + benchmark.getName());
    }

    /** The JMH runs of this profile, in order. */
    public List<Run> runs() {
        return this == FULL ? fullRuns() : quickRuns();
    }

    /**
     * The JMH runs of this profile, in order, of the benchmark classes whose simple name {@code benchmarks}
     * finds.
     *
     * @throws IllegalArgumentException if there are none
     */
    public List<Run> runs(Pattern benchmarks) {
        List<Run> selected = runs().stream()
                .filter(run ->
                        benchmarks.matcher(run.benchmark().getSimpleName()).find())
                .toList();
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("No benchmark of the " + name().toLowerCase(Locale.ROOT)
                    + " profile matches '" + benchmarks.pattern() + "'");
        }
        return selected;
    }

    private static List<Run> quickRuns() {
        List<Run> runs = new ArrayList<>();
        // saturation with nothing to gain, and 75 % hits under light and heavy load: 4x4 RGBA PNG
        runs.add(throughput(ALL, "0", "4x4", "2xcores", List.of("4xcores"), "png"));
        runs.add(throughput(CACHING, "75", "4x4", "2xcores", List.of("1", "4xcores"), "png"));
        // the same strategies in one JVM, where the gain is: 75 % hits, one client
        runs.add(interleaved("75", "4x4", "2xcores", "1", "png"));
        // time to first tile and what it cannot avoid, 4x4 and 10x10
        runs.add(firstTile(CACHING, "4x4", "png"));
        runs.add(firstTile(List.of("sequential", "fanout"), "10x10", "png"));
        runs.add(costs("4x4,10x10", "png"));
        // time to first tile under load: 8 clients, pool 2, every request a miss, sequential and fanout in turn;
        // 4x4 only (10x10, in full, would add about 20 s here)
        runs.add(loadedFirstTile("sequential+fanout", "4x4"));
        return runs;
    }

    private static List<Run> fullRuns() {
        List<String> allClients = List.of("1", "cores", "4xcores");
        List<Run> runs = new ArrayList<>();
        // every hit ratio, metatile shape and client count, RGBA PNG, default pool
        runs.add(throughput(CACHING, "0,50,75,90", "4x4,10x10", "2xcores", allClients, "png"));
        // 8-bit palette PNG at saturation and at 75 % hits
        runs.add(throughput(CACHING, "0,75", "4x4,10x10", "2xcores", List.of("4xcores"), "png8"));
        // other pool sizes at saturation and at 75 % hits, sequential measured again beside each so that
        // ratios compare trials minutes apart (upstream-2.27 needs a pool)
        runs.add(throughput(CACHING, "0,75", "4x4,10x10", "cores,4xcores", List.of("4xcores"), "png"));
        runs.add(throughput(List.of("sequential", "fanout"), "0,75", "4x4,10x10", "0", List.of("4xcores"), "png"));
        // what the checks read: saturation at every pool size and 75 % hits with one client, the strategies
        // interleaved in one JVM
        runs.add(interleaved("0", "4x4,10x10", "cores,2xcores,4xcores", "4xcores", "png"));
        runs.add(interleaved("0", "4x4,10x10", "2xcores", "4xcores", "png8"));
        runs.add(interleaved("75", "4x4,10x10", "2xcores", "1", "png"));
        // no cache at all
        runs.add(throughput(List.of("direct"), "0", "4x4", "2xcores", allClients, "png"));
        runs.add(throughput(List.of("direct"), "0", "4x4", "2xcores", List.of("4xcores"), "png8"));
        runs.add(firstTile(ALL, "4x4,10x10", "png,png8"));
        runs.add(costs("4x4,10x10", "png,png8"));
        // time to first tile under load: 8 clients, pool 2, every request a miss, the three in turn
        runs.add(loadedFirstTile("sequential+upstream-2.27+fanout", "4x4,10x10"));
        return runs;
    }

    private static Run throughput(
            List<String> strategies, String hits, String metatiles, String pools, List<String> clients, String format) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("strategy", strategies);
        params.put("hits", List.of(hits.split(",")));
        params.put("metatile", List.of(metatiles.split(",")));
        params.put("pool", List.of(pools.split(",")));
        params.put("clients", clients);
        params.put("format", List.of(format));
        return new Run(ThroughputBenchmark.class, params);
    }

    private static Run interleaved(String hits, String metatiles, String pools, String clients, String format) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("hits", List.of(hits));
        params.put("metatile", List.of(metatiles.split(",")));
        params.put("pool", List.of(pools.split(",")));
        params.put("clients", List.of(clients));
        params.put("format", List.of(format));
        return new Run(InterleavedThroughputBenchmark.class, params);
    }

    private static Run firstTile(List<String> strategies, String metatiles, String formats) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("strategy", strategies);
        params.put("metatile", List.of(metatiles.split(",")));
        params.put("pool", List.of("2xcores"));
        params.put("format", List.of(formats.split(",")));
        return new Run(FirstTileBenchmark.class, params);
    }

    /** The loaded case: 8 clients and a pool of 2 whatever the cores, RGBA PNG. */
    private static Run loadedFirstTile(String strategies, String metatiles) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("strategies", List.of(strategies));
        params.put("metatile", List.of(metatiles.split(",")));
        params.put("pool", List.of("2"));
        params.put("clients", List.of("8"));
        params.put("format", List.of("png"));
        return new Run(LoadedFirstTileBenchmark.class, params);
    }

    private static Run costs(String metatiles, String formats) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("metatile", List.of(metatiles.split(",")));
        params.put("format", List.of(formats.split(",")));
        return new Run(RenderEncodeBenchmark.class, params);
    }
}
