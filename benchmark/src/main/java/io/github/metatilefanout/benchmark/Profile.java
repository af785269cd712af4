package io.github.metatilefanout.benchmark;

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
 * What a run measures, and how long: {@link #QUICK}, the README's main job (under 3 minutes on 2 cores);
 * {@link #SMOKE}, the quick runs with one short iteration each (CI); {@link #FULL}, every scenario (about 90
 * minutes). A run is a line: the benchmark class, its warm-up and measured iterations ({@code 1x3s 3x4s}:
 * one of 3 s, three of 4 s), and its parameters' values, every combination a trial.
 */
public enum Profile {
    SMOKE(Duration.ZERO, Profile.QUICK_RUNS),
    QUICK(Duration.ofSeconds(2), Profile.QUICK_RUNS),
    FULL(Duration.ofSeconds(8), Profile.FULL_RUNS);

    private static final String QUICK_RUNS =
            """
            # saturation with nothing to gain, and 75 % hits under light and heavy load: 4x4 RGBA PNG
            ThroughputBenchmark 1x1s 2x2s strategies=sequential,upstream-2.27,fanout,direct hits=0 clients=4xcores metatile=4x4 pool=2xcores format=png
            ThroughputBenchmark 1x1s 2x2s strategies=sequential,upstream-2.27,fanout hits=75 clients=1,4xcores metatile=4x4 pool=2xcores format=png
            # the same strategies in turn in one JVM, where the gain is: 75 % hits, one client
            ThroughputBenchmark 1x1s 2x3s strategies=sequential+upstream-2.27+fanout hits=75 clients=1 metatile=4x4 pool=2xcores format=png
            # time to first tile and what it cannot avoid, 4x4 and 10x10
            FirstTileBenchmark 1x2500ms 1x2500ms strategy=sequential,upstream-2.27,fanout metatile=4x4 pool=2xcores format=png
            FirstTileBenchmark 1x2500ms 1x2500ms strategy=sequential,fanout metatile=10x10 pool=2xcores format=png
            RenderEncodeBenchmark 1x1s 1x1500ms metatile=4x4,10x10 format=png
            # under load: 8 clients, pool 2, every request a miss, iterations of one invocation (a batch per client
            # and strategy); 4x4 only (10x10 would add about 20 s), too few invocations for the verdict
            LoadedFirstTileBenchmark 0x100ms 2x100ms strategies=sequential+fanout hits=0 clients=8 metatile=4x4 pool=2 format=png
            """;

    private static final String FULL_RUNS =
            """
            # every hit ratio, metatile shape and client count, RGBA PNG, default pool, each strategy in its own JVM
            ThroughputBenchmark 1x3s 3x4s strategies=sequential,upstream-2.27,fanout hits=0,50,75,90 clients=1,cores,4xcores metatile=4x4,10x10 pool=2xcores format=png
            # 8-bit palette PNG at saturation and at 75 % hits
            ThroughputBenchmark 1x3s 3x4s strategies=sequential,upstream-2.27,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=2xcores format=png8
            # other pool sizes, sequential measured again beside each, so that ratios compare trials minutes apart
            ThroughputBenchmark 1x3s 3x4s strategies=sequential,upstream-2.27,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=cores,4xcores format=png
            ThroughputBenchmark 1x3s 3x4s strategies=sequential,fanout hits=0,75 clients=4xcores metatile=4x4,10x10 pool=0 format=png
            # saturation at every pool size and 75 % hits with one client, the strategies in turn in one JVM
            ThroughputBenchmark 1x4s 4x6s strategies=sequential+upstream-2.27+fanout hits=0 clients=4xcores metatile=4x4,10x10 pool=cores,2xcores,4xcores format=png
            ThroughputBenchmark 1x4s 4x6s strategies=sequential+upstream-2.27+fanout hits=0 clients=4xcores metatile=4x4,10x10 pool=2xcores format=png8
            ThroughputBenchmark 1x4s 4x6s strategies=sequential+upstream-2.27+fanout hits=75 clients=1 metatile=4x4,10x10 pool=2xcores format=png
            # no cache at all
            ThroughputBenchmark 1x3s 3x4s strategies=direct hits=0 clients=1,cores,4xcores metatile=4x4 pool=2xcores format=png
            ThroughputBenchmark 1x3s 3x4s strategies=direct hits=0 clients=4xcores metatile=4x4 pool=2xcores format=png8
            FirstTileBenchmark 2x3s 3x3s strategy=sequential,upstream-2.27,fanout,direct metatile=4x4,10x10 pool=2xcores format=png,png8
            RenderEncodeBenchmark 1x2s 3x2s metatile=4x4,10x10 format=png,png8
            # under load: 8 clients, pool 2, every request a miss, the three in turn; 48 invocations time about
            # 2,300 requests per strategy, enough for the verdict's interval
            LoadedFirstTileBenchmark 1x100ms 48x100ms strategies=sequential+upstream-2.27+fanout hits=0 clients=8 metatile=4x4,10x10 pool=2 format=png
            # the same on two nodes sharing a PostgreSQL lock registry, fanout with either lock protocol; and the
            # cost of one lock acquisition and one release there
            ClusterBenchmark 1x100ms 24x100ms strategies=sequential+upstream-2.27+fanout+fanout-storing-lock hits=0 clients=8 metatile=4x4,10x10 pool=2 format=png
            PostgresLockBenchmark 1x2s 3x2s
            # an S3-compatible store (S3Proxy) behind Toxiproxy adding 0 or 40 ms to every request, tiles written on
            # the job's thread or on 16 store threads: seeding 16 metatiles 4x4 on 4 threads; the first tile of a miss
            ObjectStoreSeedingBenchmark 3x2s 5x2s latency=0,40 storeThreads=0,16
            ObjectStoreMissBenchmark 1x2s 5x6s latency=0,40 storeThreads=0,16
            """;

    /** One line of the table; sequential and direct ignore the pool size, direct the hits and the metatile. */
    public record Run(
            Class<?> benchmark,
            int warmupIterations,
            TimeValue warmupTime,
            int measurementIterations,
            TimeValue measurementTime,
            Map<String, List<String>> params,
            String line) {

        /** The trials: one per method and combination of values, as {@code method} and values. */
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

    private final Duration jitWarmUp;
    private final String runs;

    Profile(Duration jitWarmUp, String runs) {
        this.jitWarmUp = jitWarmUp;
        this.runs = runs;
    }

    /** How long each harness is first served to one client, before JMH's warm-up. */
    public Duration jitWarmUp() {
        return jitWarmUp;
    }

    /** One trial's seconds: its iterations and a JIT warm-up per strategy, not the JVM's start or seeding. */
    double nominalSeconds(Run run) {
        List<String> strategies = run.params().getOrDefault("strategies", List.of("one"));
        long millis = run.warmupIterations() * run.warmupTime().convertTo(TimeUnit.MILLISECONDS)
                + run.measurementIterations() * run.measurementTime().convertTo(TimeUnit.MILLISECONDS)
                + jitWarmUp.toMillis() * strategies.get(0).split("\\+").length;
        return millis / 1e3;
    }

    /** The JMH runs of this profile, in order. */
    public List<Run> runs() {
        List<Run> parsed = new ArrayList<>();
        for (String line : runs.lines().filter(l -> !l.startsWith("#")).toList()) {
            String[] words = line.split(" ");
            Map<String, List<String>> params = new LinkedHashMap<>();
            for (int i = 3; i < words.length; i++) {
                String[] nameAndValues = words[i].split("=");
                params.put(nameAndValues[0], List.of(nameAndValues[1].split(",")));
            }
            String[] warmup = (this == SMOKE ? "0x100ms" : words[1]).split("x");
            String[] measured = (this == SMOKE ? "1x300ms" : words[2]).split("x");
            try {
                Class<?> benchmark = Class.forName(Profile.class.getPackageName() + "." + words[0]);
                TimeValue warmupTime = TimeValue.fromString(warmup[1]);
                TimeValue measuredTime = TimeValue.fromString(measured[1]);
                int warmups = Integer.parseInt(warmup[0]);
                parsed.add(new Run(
                        benchmark, warmups, warmupTime, Integer.parseInt(measured[0]), measuredTime, params, line));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("No benchmark class " + words[0], e);
            }
        }
        return parsed;
    }

    /** The runs whose line {@code only} finds ({@code ^FirstTile}, {@code Throughput.*\+}); fails if none does. */
    public List<Run> runs(Pattern only) {
        List<Run> selected =
                runs().stream().filter(run -> only.matcher(run.line()).find()).toList();
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("No benchmark of the " + name().toLowerCase(Locale.ROOT)
                    + " profile matches '" + only.pattern() + "'");
        }
        return selected;
    }
}
