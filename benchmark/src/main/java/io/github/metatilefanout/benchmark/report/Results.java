package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;
import org.openjdk.jmh.results.RunResult;

/** The measurements of one benchmark run, looked up by scenario and strategy. */
public final class Results {

    /** The throughput benchmark method. */
    public static final String THROUGHPUT = "serveBatch";

    /** The interleaved throughput benchmark method. */
    public static final String INTERLEAVED = "serveInTurn";

    /** The time-to-first-tile benchmark method. */
    public static final String FIRST_TILE = "firstTile";

    /** The time-to-first-tile-under-load benchmark method, strategies in turn. */
    public static final String LOADED_FIRST_TILE = "firstTilesInTurn";

    /** The metatile render cost benchmark method. */
    public static final String RENDER = "render";

    /** The tile encode cost benchmark method. */
    public static final String ENCODE = "encodeTile";

    /** The secondary result with tiles served per second. */
    public static final String TILES = "tiles";

    /** The secondary result with the peak of metatile images alive. */
    public static final String PEAK_IMAGES = "images.peak";

    /** The secondary result with the mean metatile render time in the serving harness, in ms. */
    public static final String RENDER_MS = "render.ms";

    /** The secondary result with the mean tile encode time in the serving harness, in ms. */
    public static final String ENCODE_MS = "encode.ms";

    /**
     * The secondary result, per strategy ({@link #ofStrategy}), with the times of the requests it answered,
     * in ms; {@link Measurement} adds its {@value Measurement#P50}, {@value Measurement#P99} and {@value
     * Measurement#SAMPLES}.
     */
    public static final String LATENCY = "latency";

    /** The secondary result, per strategy, with the metatiles a server handed to its pool. */
    public static final String HANDED_OFF = "jobs.handedOff";

    /** The secondary result, per strategy, with the metatiles a server ran on the request thread, pool full. */
    public static final String RAN_ON_CALLER = "jobs.ranOnCaller";

    /** The secondary result with the allocation rate, in MB/s. */
    public static final String ALLOCATION_RATE = "gc.alloc.rate";

    private final List<Measurement> measurements;
    private final RequestTimes requestTimes;

    /** Measurements without request times. */
    public Results(List<Measurement> measurements) {
        this(measurements, RequestTimes.NONE);
    }

    /** Measurements and the request times of the time-to-first-tile-under-load trials among them. */
    public Results(List<Measurement> measurements, RequestTimes requestTimes) {
        this.measurements = List.copyOf(measurements);
        this.requestTimes = requestTimes;
    }

    /** The measurements of JMH run results, with the request times the trials kept. */
    public static Results of(Collection<RunResult> runs, RequestTimes requestTimes) {
        return new Results(runs.stream().map(Measurement::of).toList(), requestTimes);
    }

    public List<Measurement> measurements() {
        return measurements;
    }

    /** The throughput scenarios measured for a strategy with a pool, in {@link Scenario#ORDER}. */
    public List<Scenario> scenarios() {
        TreeSet<Scenario> scenarios = new TreeSet<>(Scenario.ORDER);
        for (Measurement m : measurements) {
            if (m.benchmark().equals(THROUGHPUT)
                    && Strategy.of(m.param("strategy")).hasPool()) {
                scenarios.add(Scenario.of(m));
            }
        }
        return List.copyOf(scenarios);
    }

    /**
     * The throughput trial of {@code strategy} in {@code scenario}. For a strategy without a pool, the trial
     * run beside the scenario's pool size when there is one, so that the two ran minutes apart at most.
     */
    public Optional<Measurement> throughput(Strategy strategy, Scenario scenario) {
        Map<String, String> params = scenario.paramsFor(strategy);
        if (!strategy.hasPool()) {
            Map<String, String> beside = new HashMap<>(params);
            beside.put("pool", scenario.pool());
            Optional<Measurement> measured = find(THROUGHPUT, beside);
            if (measured.isPresent()) {
                return measured;
            }
        }
        return find(THROUGHPUT, params);
    }

    /** Tiles per second of {@code strategy} in {@code scenario}, or NaN when not measured. */
    public double tilesPerSecond(Strategy strategy, Scenario scenario) {
        return throughput(strategy, scenario).map(m -> m.secondary(TILES)).orElse(Double.NaN);
    }

    /** The scenarios measured with the strategies interleaved in one JVM, in {@link Scenario#ORDER}. */
    public List<Scenario> interleavedScenarios() {
        TreeSet<Scenario> scenarios = new TreeSet<>(Scenario.ORDER);
        for (Measurement m : measurements) {
            if (m.benchmark().equals(INTERLEAVED)) {
                scenarios.add(Scenario.of(m));
            }
        }
        return List.copyOf(scenarios);
    }

    /**
     * Tiles per second of {@code strategy} in {@code scenario} measured interleaved with the others in one
     * JVM, or NaN when not measured.
     */
    public double interleavedTilesPerSecond(Strategy strategy, Scenario scenario) {
        Optional<Measurement> measured = measurements.stream()
                .filter(m -> m.benchmark().equals(INTERLEAVED) && Scenario.of(m).equals(scenario))
                .findFirst();
        String counter = interleavedCounter(strategy);
        return measured.map(m -> m.secondary(counter + "Tiles") * 1e6 / m.secondary(counter + "Micros"))
                .orElse(Double.NaN);
    }

    /**
     * The prefix of {@code strategy}'s counters in the interleaved benchmark: {@code <prefix>Tiles} and
     * {@code <prefix>Micros}.
     */
    public static String interleavedCounter(Strategy strategy) {
        return switch (strategy) {
            case SEQUENTIAL -> "sequential";
            case UPSTREAM_2_27 -> "upstream";
            case FANOUT -> "fanout";
            case DIRECT -> throw new IllegalArgumentException("direct is not interleaved");
        };
    }

    /**
     * The name of a secondary result that a benchmark serving strategies in turn reports per strategy, such
     * as {@code fanout.latency} for {@link #LATENCY}.
     */
    public static String ofStrategy(Strategy strategy, String figure) {
        return interleavedCounter(strategy) + "." + figure;
    }

    /**
     * The scenarios in which time to first tile was measured under load (every request a miss, the
     * strategies in turn in one JVM), in {@link Scenario#ORDER}.
     */
    public List<Scenario> loadedFirstTileScenarios() {
        TreeSet<Scenario> scenarios = new TreeSet<>(Scenario.ORDER);
        for (Measurement m : measurements) {
            if (m.benchmark().equals(LOADED_FIRST_TILE)) {
                scenarios.add(loadedScenario(m));
            }
        }
        return List.copyOf(scenarios);
    }

    /** The time-to-first-tile-under-load trial of {@code scenario}. */
    public Optional<Measurement> loadedFirstTile(Scenario scenario) {
        return measurements.stream()
                .filter(m -> m.benchmark().equals(LOADED_FIRST_TILE)
                        && loadedScenario(m).equals(scenario))
                .findFirst();
    }

    /** The request times of {@code strategy} in a time-to-first-tile-under-load scenario. */
    public Latency loadedLatency(Strategy strategy, Scenario scenario) {
        String name = ofStrategy(strategy, LATENCY);
        return loadedFirstTile(scenario)
                .filter(m -> !Double.isNaN(m.secondary(name + Measurement.SAMPLES)))
                .map(m -> new Latency(
                        m.secondary(name + Measurement.P50),
                        m.secondary(name + Measurement.P99),
                        m.secondary(name),
                        (long) m.secondary(name + Measurement.SAMPLES)))
                .orElse(Latency.NONE);
    }

    /**
     * The time of each request of {@code strategy} in a time-to-first-tile-under-load scenario, in ms, per
     * invocation; empty when they were not kept.
     */
    public SortedMap<Integer, double[]> loadedRequestTimes(Strategy strategy, Scenario scenario) {
        return requestTimes.batches(scenario, strategy);
    }

    /** A trial of the loaded benchmark as a scenario: every request is a miss. */
    private static Scenario loadedScenario(Measurement m) {
        return new Scenario(0, m.param("metatile"), m.param("clients"), m.param("pool"), m.param("format"));
    }

    /** Peak metatile images alive of {@code strategy} in {@code scenario}, or NaN when not measured. */
    public double peakImages(Strategy strategy, Scenario scenario) {
        return throughput(strategy, scenario).map(m -> m.secondary(PEAK_IMAGES)).orElse(Double.NaN);
    }

    /**
     * The metatile shapes and formats that time to first tile was measured for, as {@code shape/format},
     * smaller metatiles first.
     */
    public List<String> firstTileCases() {
        TreeSet<String> cases = new TreeSet<>(
                Comparator.comparingInt((String c) -> Scenario.tilesPerMetatile(c.substring(0, c.indexOf('/'))))
                        .thenComparing(Comparator.naturalOrder()));
        for (Measurement m : measurements) {
            if (m.benchmark().equals(FIRST_TILE)) {
                cases.add(m.param("metatile") + "/" + m.param("format"));
            }
        }
        return List.copyOf(cases);
    }

    /** The time-to-first-tile trial of {@code strategy}. */
    public Optional<Measurement> firstTile(Strategy strategy, String metatile, String format) {
        return find(FIRST_TILE, Map.of("strategy", strategy.toString(), "metatile", metatile, "format", format));
    }

    /** The render or encode cost trial ({@link #RENDER} or {@link #ENCODE}). */
    public Optional<Measurement> cost(String benchmark, String metatile, String format) {
        return find(benchmark, Map.of("metatile", metatile, "format", format));
    }

    /** Median render time plus median one-tile encode time, in ms, or NaN when either is missing. */
    public double renderPlusEncode(String metatile, String format) {
        return cost(RENDER, metatile, format).map(Measurement::p50).orElse(Double.NaN)
                + cost(ENCODE, metatile, format).map(Measurement::p50).orElse(Double.NaN);
    }

    private Optional<Measurement> find(String benchmark, Map<String, String> params) {
        return measurements.stream().filter(m -> m.matches(benchmark, params)).findFirst();
    }
}
