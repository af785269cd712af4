package io.github.metatilefanout.benchmark;

import static org.openjdk.jmh.runner.options.TimeValue.milliseconds;
import static org.openjdk.jmh.runner.options.TimeValue.seconds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What a run measures: which scenarios, and how long.
 *
 * <ul>
 *   <li>{@link #QUICK}: a representative subset for the README's main job, under 3 minutes on 2 cores;
 *   <li>{@link #SMOKE}: the quick scenarios with one short iteration each and no warm-up, to keep the
 *       harness working (CI);
 *   <li>{@link #FULL}: every scenario, about 85 minutes on 2 cores.
 * </ul>
 *
 * To add a scenario: its benchmark class, its timing in each profile, and its runs in {@link #QUICK_RUNS} and
 * {@link #FULL_RUNS}.
 */
public enum Profile {
    SMOKE(Duration.ZERO, Map.of()),
    QUICK(
            Duration.ofSeconds(2),
            Map.of(
                    ThroughputBenchmark.class, new Timing(1, seconds(1), 2, seconds(2)),
                    InterleavedThroughputBenchmark.class, new Timing(1, seconds(1), 2, seconds(3)),
                    FirstTileBenchmark.class, new Timing(1, milliseconds(2500), 1, milliseconds(2500)),
                    RenderEncodeBenchmark.class, new Timing(1, seconds(1), 1, milliseconds(1500)),
                    // iterations of one invocation each: a batch per client and strategy, seconds long
                    LoadedFirstTileBenchmark.class, new Timing(0, milliseconds(100), 2, milliseconds(100)))),
    FULL(
            Duration.ofSeconds(8),
            Map.of(
                    ThroughputBenchmark.class, new Timing(1, seconds(3), 3, seconds(4)),
                    InterleavedThroughputBenchmark.class, new Timing(1, seconds(4), 4, seconds(6)),
                    FirstTileBenchmark.class, new Timing(2, seconds(3), 3, seconds(3)),
                    RenderEncodeBenchmark.class, new Timing(1, seconds(2), 3, seconds(2)),
                    // 48 invocations time about 2,300 requests per strategy: enough for the verdict's interval
                    LoadedFirstTileBenchmark.class, new Timing(1, milliseconds(100), 48, milliseconds(100))));

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
     * One JMH run: a benchmark class and the values of its parameters (all combinations are run).
     * Strategies ignore what does not apply to them: sequential and direct the pool size, direct the hits and
     * the metatile shape.
     *
     * @param benchmark the benchmark class
     * @param params values per parameter
     */
    public record Run(Class<?> benchmark, Map<String, List<String>> params) {

        /** The trials JMH runs: one per method and combination of parameter values, as {@code method} and values. */
        List<Map<String, String>> trials() {
            List<Map<String, String>> trials = Arrays.stream(benchmark.getMethods())
                    .filter(m -> m.isAnnotationPresent(Benchmark.class))
                    .map(m -> Map.of("method", m.getName()))
                    .sorted(Comparator.comparing(m -> m.get("method")))
                    .toList();
            for (Map.Entry<String, List<String>> param : params.entrySet()) {
                List<Map<String, String>> more = new ArrayList<>();
                for (Map<String, String> trial : trials) {
                    for (String value : param.getValue()) {
                        Map<String, String> with = new LinkedHashMap<>(trial);
                        with.put(param.getKey(), value);
                        more.add(with);
                    }
                }
                trials = more;
            }
            return trials;
        }
    }

    private static final Timing SMOKE_TIMING = new Timing(0, milliseconds(100), 1, milliseconds(300));

    private final Duration jitWarmUp;
    private final Map<Class<?>, Timing> timings;

    /**
     * @param jitWarmUp how long each harness is first served to one client, before JMH's own warm-up
     * @param timings how long the trials of each benchmark class run; {@link #SMOKE_TIMING} for others
     */
    Profile(Duration jitWarmUp, Map<Class<?>, Timing> timings) {
        this.jitWarmUp = jitWarmUp;
        this.timings = timings;
    }

    /** How long each harness is first served to one client before JMH's warm-up. */
    public Duration jitWarmUp() {
        return jitWarmUp;
    }

    /** How long the trials of {@code benchmark} run. */
    public Timing timing(Class<?> benchmark) {
        return timings.getOrDefault(benchmark, SMOKE_TIMING);
    }

    /**
     * The nominal seconds of one trial of {@code run}: its iterations and its JIT warm-up (one per strategy
     * served in turn), without the JVM's start or seeding.
     */
    double nominalSeconds(Run run) {
        Timing timing = timing(run.benchmark());
        List<String> inTurn = run.params().getOrDefault("strategies", List.of("one"));
        long millis = timing.warmupIterations() * timing.warmupTime().convertTo(TimeUnit.MILLISECONDS)
                + timing.measurementIterations() * timing.measurementTime().convertTo(TimeUnit.MILLISECONDS)
                + jitWarmUp.toMillis() * inTurn.get(0).split("\\+").length;
        return millis / 1e3;
    }

    /** The JMH runs of this profile, in order. */
    public List<Run> runs() {
        return runs(this == FULL ? FULL_RUNS : QUICK_RUNS);
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

    /** The quick profile's runs: a benchmark class, then its parameters' values. */
    private static final String QUICK_RUNS =
            """
            # saturation with nothing to gain, and 75 % hits under light and heavy load: 4x4 RGBA PNG
            ThroughputBenchmark strategy=sequential,upstream-2.27,fanout,direct hits=0 clients=4xcores metatile=4x4 pool=2xcores format=png
            ThroughputBenchmark strategy=sequential,upstream-2.27,fanout hits=75 clients=1,4xcores metatile=4x4 pool=2xcores format=png
            # the same strategies in one JVM, where the gain is: 75 % hits, one client
            InterleavedThroughputBenchmark strategies=sequential+upstream-2.27+fanout hits=75 clients=1 metatile=4x4 pool=2xcores format=png
            # time to first tile and what it cannot avoid, 4x4 and 10x10
            FirstTileBenchmark strategy=sequential,upstream-2.27,fanout metatile=4x4 pool=2xcores format=png
            FirstTileBenchmark strategy=sequential,fanout metatile=10x10 pool=2xcores format=png
            RenderEncodeBenchmark metatile=4x4,10x10 format=png
            # under load: 8 clients, pool 2, every request a miss; 4x4 only (10x10 would add about 20 s), too few
            # invocations for the verdict
            LoadedFirstTileBenchmark strategies=sequential+fanout hits=0 clients=8 metatile=4x4 pool=2 format=png
            """;

    /** The full profile's runs. */
    private static final String FULL_RUNS =
            """
            # every hit ratio, metatile shape and client count, RGBA PNG, default pool
            ThroughputBenchmark strategy=sequential,upstream-2.27,fanout hits=0,50,75,90 clients=1,cores,4xcores metatile=4x4,10x10 pool=2xcores format=png
            # 8-bit palette PNG at saturation and at 75 % hits
            ThroughputBenchmark strategy=sequential,upstream-2.27,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=2xcores format=png8
            # other pool sizes, sequential measured again beside each, so that ratios compare trials minutes apart
            ThroughputBenchmark strategy=sequential,upstream-2.27,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=cores,4xcores format=png
            ThroughputBenchmark strategy=sequential,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=0 format=png
            # saturation at every pool size and 75 % hits with one client, the strategies in turn in one JVM
            InterleavedThroughputBenchmark strategies=sequential+upstream-2.27+fanout hits=0 clients=4xcores metatile=4x4,10x10 pool=cores,2xcores,4xcores format=png
            InterleavedThroughputBenchmark strategies=sequential+upstream-2.27+fanout hits=0 clients=4xcores metatile=4x4,10x10 pool=2xcores format=png8
            InterleavedThroughputBenchmark strategies=sequential+upstream-2.27+fanout hits=75 clients=1 metatile=4x4,10x10 pool=2xcores format=png
            # no cache at all
            ThroughputBenchmark strategy=direct hits=0 clients=1,cores,4xcores metatile=4x4 pool=2xcores format=png
            ThroughputBenchmark strategy=direct hits=0 clients=4xcores metatile=4x4 pool=2xcores format=png8
            FirstTileBenchmark strategy=sequential,upstream-2.27,fanout,direct metatile=4x4,10x10 pool=2xcores format=png,png8
            RenderEncodeBenchmark metatile=4x4,10x10 format=png,png8
            # under load: 8 clients, pool 2, every request a miss, the three in turn
            LoadedFirstTileBenchmark strategies=sequential+upstream-2.27+fanout hits=0 clients=8 metatile=4x4,10x10 pool=2 format=png
            """;

    /** The runs of {@code table}: one a line, the benchmark class's simple name, then {@code name=value,value...}. */
    private static List<Run> runs(String table) {
        List<Run> runs = new ArrayList<>();
        for (String line : table.lines().filter(l -> !l.startsWith("#")).toList()) {
            String[] words = line.split(" ");
            Map<String, List<String>> params = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                String[] nameAndValues = words[i].split("=");
                params.put(nameAndValues[0], List.of(nameAndValues[1].split(",")));
            }
            try {
                runs.add(new Run(Class.forName(Profile.class.getPackageName() + "." + words[0]), params));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("No benchmark class " + words[0], e);
            }
        }
        return runs;
    }
}
