package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.awt.image.BufferedImage;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.SampleBuffer;

class SummaryTest {

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Test
    void checksPassAndFailOnTheIssueThresholds() {
        List<String> checks = new Summary(sampleResults()).checks();

        assertLine(checks, "PASS", "time to first tile, fanout 4x4 png: p50 12.0 ms");
        assertLine(checks, "FAIL", "time to first tile, fanout 10x10 png: p50 80.0 ms");
        assertLine(checks, "PASS", "saturation, 0% 4x4 " + 4 * CORES + " cl. pool " + 2 * CORES + " png: fanout 98.0");
        assertLine(checks, "FAIL", "x upstream-2.27 100.0 tiles/s");
        assertLine(checks, "PASS", "75% hits, 75% 4x4 1 cl.");
        assertLine(checks, "INFO", "75% hits, 75% 4x4 " + 4 * CORES + " cl. pool " + 2 * CORES + " png: fanout 101.0");
        assertTrue(checks.stream()
                .noneMatch(l -> !l.startsWith("INFO")
                        && l.contains(4 * CORES + " cl. pool " + 2 * CORES + " png: fanout 101.0")));
        assertLine(checks, "PASS", "peak images, fanout 0% 4x4 " + 4 * CORES + " cl.");
        assertLine(checks, "PASS", "peak images grow with load, upstream-2.27 0% 4x4");
    }

    @Test
    void ratiosAreFanoutOverEachOtherStrategy() {
        String text = new Summary(sampleResults()).text();

        assertTrue(text.contains("0.98 x sequential"), text);
        assertTrue(text.contains("0.98 x upstream-2.27"), text);
        assertTrue(text.contains("1.60 x sequential"), text);
    }

    @Test
    void markdownAndChartShowEveryScenario() {
        Results results = sampleResults();
        RunInfo info = new RunInfo(
                "quick", "java -jar benchmarks.jar quick", OffsetDateTime.now(ZoneOffset.UTC), 1, 1, "/dev/shm");

        String markdown = new MarkdownReport(results, info).text();
        assertTrue(
                markdown.contains("| 75% | 4x4 | 1 | " + 2 * CORES + " | png | 50.0 | - | 80.0 | - | 1.60 |"),
                markdown);
        assertTrue(markdown.contains("| 4x4 | png | fanout | 12.0 |"), markdown);

        BufferedImage chart = new ResultChart(results).draw("test");
        assertNotNull(chart);
        assertTrue(chart.getWidth() >= 720 && chart.getHeight() > 600);
    }

    @Test
    void sequentialIsTheTrialRunBesideTheScenariosPoolSizeWhenThereIsOne() {
        Results results = new Results(List.of(
                throughput("sequential", 0, "2xcores", "4xcores", 100, 4),
                throughput("fanout", 0, "2xcores", "4xcores", 98, 6),
                throughput("sequential", 0, "4xcores", "4xcores", 50, 4),
                throughput("fanout", 0, "4xcores", "4xcores", 52, 6),
                throughput("fanout", 0, "cores", "4xcores", 90, 6)));

        assertEquals(
                100, results.tilesPerSecond(Strategy.SEQUENTIAL, new Scenario(0, "4x4", "4xcores", "2xcores", "png")));
        assertEquals(
                50, results.tilesPerSecond(Strategy.SEQUENTIAL, new Scenario(0, "4x4", "4xcores", "4xcores", "png")));
        assertEquals(
                100, results.tilesPerSecond(Strategy.SEQUENTIAL, new Scenario(0, "4x4", "4xcores", "cores", "png")));
    }

    @Test
    void checksReadTheInterleavedFiguresWhereAScenarioHasThem() {
        List<Measurement> m = new ArrayList<>(sampleResults().measurements());
        // per-trial: fanout 80 against sequential 50 (1.60); interleaved: 120 against 100 (1.20)
        m.add(interleaved(75, "1", 100, 110, 120));
        Results results = new Results(m);
        Scenario scenario = new Scenario(75, "4x4", "1", "2xcores", "png");

        List<String> checks = new Summary(results).checks();

        assertEquals(110, results.interleavedTilesPerSecond(Strategy.UPSTREAM_2_27, scenario), 1e-9);
        assertEquals(List.of(scenario), results.interleavedScenarios());
        assertLine(checks, "FAIL", "75% hits, 75% 4x4 1 cl. pool " + 2 * CORES + " png interleaved: fanout 120.0");
        assertTrue(checks.stream().noneMatch(l -> l.contains("fanout 80.0")), String.join("\n", checks));
        String text = new Summary(results).text();
        assertTrue(text.contains("sequential  100.0 (x 1.20)"), text);
        String markdown = new MarkdownReport(
                        results,
                        new RunInfo(
                                "full",
                                "java -jar benchmarks.jar full",
                                OffsetDateTime.now(ZoneOffset.UTC),
                                1,
                                1,
                                "/dev/shm"))
                .text();
        assertTrue(
                markdown.contains("| 75% | 4x4 | 1 | " + 2 * CORES + " | png | 100.0 | 110.0 | 120.0 | 1.20 | 1.09 |"),
                markdown);
    }

    @Test
    void oneClientGainIsBoundedByWhatFanoutKeepsOnTheRequestThread() {
        List<Measurement> m = new ArrayList<>(sampleResults().measurements());
        m.removeIf(trial -> "75".equals(trial.param("hits")) && "1".equals(trial.param("clients")));
        // 50 tiles/s at 75 % hits: 80 ms per miss, 40 ms of it rendering and encoding one tile
        m.add(oneClientAt75PercentHits("sequential", "0", 50, 38, 2));
        m.add(oneClientAt75PercentHits("fanout", "2xcores", 70, 44, 4));

        List<String> checks = new Summary(new Results(m)).checks();

        assertLine(
                checks,
                "INFO",
                "75% 4x4 1 cl. pool " + 2 * CORES + " png: a client of sequential spends 80.0 ms per miss (hits"
                        + " included), 40.0 ms of them rendering and encoding one tile, which fanout keeps on the"
                        + " request thread: fanout gains at most 2.00 x; in fanout's trial the same took 48.0 ms");
    }

    @Test
    void firstTileUnderLoadPassesWhenFanoutIsNotMeasurablyWorseAtP50AndP99() {
        List<Measurement> m = new ArrayList<>(sampleResults().measurements());
        // JMH's percentiles: 4x4 fanout lower on both; 10x10 lower p50, higher p99; 20x20 equal on both
        m.add(loaded("4x4", new double[] {100, 300}, new double[] {120, 330, 125}, new double[] {80, 290, 85}));
        m.add(loaded("10x10", new double[] {500, 900}, new double[] {600, 1000, 610}, new double[] {400, 1200, 450}));
        m.add(loaded("20x20", null, new double[] {700, 1500, 750}, new double[] {700, 1500, 710}));
        // request times kept: 4x4 two draws of one distribution, 10x10 fanout a quarter slower, 20x20 none
        List<String> rows = new ArrayList<>(List.of(RequestTimes.HEADER));
        rows.addAll(rows("4x4", Strategy.FANOUT, RequestTimesSamples.batches(1, 48, 48, 60, 0.1)));
        rows.addAll(rows("4x4", Strategy.SEQUENTIAL, RequestTimesSamples.batches(2, 48, 48, 60, 0.1)));
        rows.addAll(rows("10x10", Strategy.FANOUT, RequestTimesSamples.batches(3, 48, 48, 375, 0.1)));
        rows.addAll(rows("10x10", Strategy.SEQUENTIAL, RequestTimesSamples.batches(4, 48, 48, 300, 0.1)));
        Results results = new Results(m, RequestTimes.parse(rows));

        List<String> checks = new Summary(results).checks();

        String loaded = "first tile under load (8 clients, pool 2, 0% hits), ";
        assertLine(checks, "PASS", loaded + "4x4 png: fanout against sequential, not measurably worse: p50 ");
        assertLine(checks, "PASS", "; 2304 and 2304 requests in 48 invocations");
        assertTrue(
                checks.stream()
                        .anyMatch(
                                l -> l.matches("PASS  .*4x4 png: .*; p50 x \\d\\.\\d\\d \\(95% interval \\d\\.\\d\\d to"
                                        + " \\d\\.\\d\\d, upper / lower \\d\\.\\d\\d\\); p99 x \\d\\.\\d\\d \\(95%"
                                        + " interval .*")),
                String.join("\n", checks));
        assertLine(
                checks,
                "FAIL",
                loaded + "10x10 png: fanout against sequential, measurably worse at p50 and p99: their intervals"
                        + " lie wholly above 1.00; p50 x 1.2");
        assertLine(
                checks,
                "SKIP",
                loaded + "20x20 png: fanout against sequential, cannot tell, too few samples: 0 invocations");
        assertLine(
                checks,
                "INFO",
                "the plain comparison, " + loaded + "4x4 png: fanout p50 80.0 ms against sequential 120.0 ms (x 0.67),"
                        + " p99 290.0 ms against 330.0 ms (x 0.88), JMH's percentiles over 40 and 40 requests");
        assertLine(checks, "INFO", "the plain comparison, " + loaded + "10x10 png: fanout p50 400.0 ms");
        assertLine(
                checks,
                "INFO",
                "the same trial, first tile under load (8 clients, pool 2, 0% hits), 4x4 png: upstream-2.27 p50"
                        + " 100.0 ms, p99 300.0 ms; mean render / one encode inside the requests (wherever they"
                        + " ran): sequential 30.0 / 1.00 ms, upstream-2.27 30.0 / 1.00 ms, fanout 30.0 / 1.00 ms;"
                        + " fanout handed 30 of its 40 metatiles (75%) to its pool and encoded the others on the"
                        + " request thread, the pool being full");
        assertLine(checks, "INFO", "20x20 png: mean render / one encode inside the requests (wherever they ran):");

        String text = new Summary(results).text();
        assertTrue(
                text.contains("fanout   80.0 /  290.0  sequential  120.0 /  330.0 (x 0.67 / 0.88)"
                        + "  upstream-2.27  100.0 /  300.0 (x 0.80 / 0.97)"),
                text);

        String markdown = new MarkdownReport(
                        results,
                        new RunInfo(
                                "quick",
                                "java -jar benchmarks.jar quick",
                                OffsetDateTime.now(ZoneOffset.UTC),
                                1,
                                1,
                                "/dev/shm"))
                .text();
        assertTrue(
                markdown.contains("| 10x10 | 8 | 2 | png | fanout | 400.0 | 1200.0 | 450.0 | 40 | 0.67 | 1.20 | 30.0 |"
                        + " 1.00 | 75% |"),
                markdown);
        assertTrue(
                markdown.contains(
                        "| 4x4 | 8 | 2 | png | sequential | 120.0 | 330.0 | 125.0 | 40 | 1.00 | 1.00 | 30.0 | 1.00 | - |"),
                markdown);
    }

    @Test
    void aRunOfTheLoadedScenarioAloneShowsOnlyItsSections() {
        Results results =
                new Results(List.of(loaded("4x4", null, new double[] {120, 330, 125}, new double[] {80, 290, 85})));

        String text = new Summary(results).text();

        assertTrue(text.startsWith("time to first tile under load"), text);
        assertTrue(
                text.contains("\n\nchecks:\n  SKIP  first tile under load (8 clients, pool 2, 0% hits), 4x4 png: fanout"
                        + " against sequential, cannot tell, too few samples: 0 invocations"),
                text);
        assertTrue(!text.contains("throughput"), text);
    }

    @Test
    void firstTileUnderLoadIsNotCheckedWithoutSequential() {
        Measurement onlyFanout = loaded("4x4", null, null, new double[] {80, 290, 85});

        List<String> checks = new Summary(new Results(List.of(onlyFanout))).checks();

        assertTrue(checks.stream().noneMatch(l -> l.contains("under load")), String.join("\n", checks));
    }

    @Test
    void sampleTimeSecondaryResultsBringTheirPercentiles() {
        SampleBuffer times = new SampleBuffer();
        for (int ms = 1; ms <= 200; ms++) {
            times.add(TimeUnit.MILLISECONDS.toNanos(ms));
        }
        Map<String, Result> reported = new HashMap<>();
        reported.put(
                "fanout.latency",
                new SampleTimeResult(ResultRole.SECONDARY, "fanout.latency", times, TimeUnit.MILLISECONDS));
        reported.put("images.peak", new ScalarResult("images.peak", 7, "images", AggregationPolicy.MAX));

        Map<String, Double> secondary = Measurement.secondaries(reported);

        assertEquals(100.5, secondary.get("fanout.latency"), 1.5);
        assertEquals(100, secondary.get("fanout.latency" + Measurement.P50), 2);
        assertEquals(198, secondary.get("fanout.latency" + Measurement.P99), 3);
        assertEquals(200, secondary.get("fanout.latency" + Measurement.SAMPLES));
        assertEquals(7, secondary.get("images.peak"));
        assertEquals(4 + 1, secondary.size());
    }

    private static void assertLine(List<String> lines, String verdict, String fragment) {
        long found = lines.stream()
                .filter(l -> l.startsWith(verdict) && l.contains(fragment))
                .count();
        assertEquals(1, found, verdict + " ... " + fragment + " in\n" + String.join("\n", lines));
    }

    private static Results sampleResults() {
        List<Measurement> m = new ArrayList<>();
        m.add(throughput("sequential", 0, "0", "4xcores", 100, 4));
        m.add(throughput("upstream-2.27", 0, "2xcores", "4xcores", 100, 12));
        m.add(throughput("fanout", 0, "2xcores", "4xcores", 98, 6));
        m.add(throughput("upstream-2.27", 0, "2xcores", "1", 60, 2));
        m.add(throughput("fanout", 0, "2xcores", "1", 70, 2));
        m.add(throughput("sequential", 75, "0", "1", 50, 1));
        m.add(throughput("fanout", 75, "2xcores", "1", 80, 2));
        m.add(throughput("sequential", 75, "0", "4xcores", 100, 4));
        m.add(throughput("fanout", 75, "2xcores", "4xcores", 101, 6));
        m.add(sample("firstTile", Map.of("strategy", "fanout", "metatile", "4x4", "format", "png"), 12));
        m.add(sample("render", Map.of("metatile", "4x4", "format", "png"), 8));
        m.add(sample("encodeTile", Map.of("metatile", "4x4", "format", "png"), 2));
        m.add(sample("firstTile", Map.of("strategy", "fanout", "metatile", "10x10", "format", "png"), 80));
        m.add(sample("render", Map.of("metatile", "10x10", "format", "png"), 40));
        m.add(sample("encodeTile", Map.of("metatile", "10x10", "format", "png"), 2));
        return new Results(m);
    }

    private static Measurement throughput(
            String strategy, int hits, String pool, String clients, double tiles, double peak) {
        Map<String, String> params = Map.of(
                "strategy",
                strategy,
                "hits",
                Integer.toString(hits),
                "metatile",
                "4x4",
                "pool",
                pool,
                "clients",
                clients,
                "format",
                "png");
        return new Measurement(
                Results.THROUGHPUT,
                params,
                tiles / 16,
                "ops/s",
                Double.NaN,
                Double.NaN,
                Map.of(Results.TILES, tiles, Results.PEAK_IMAGES, peak, Results.ALLOCATION_RATE, 100.0));
    }

    private static Measurement oneClientAt75PercentHits(
            String strategy, String pool, double tiles, double renderMs, double encodeMs) {
        Measurement trial = throughput(strategy, 75, pool, "1", tiles, 1);
        Map<String, Double> secondary = new HashMap<>(trial.secondary());
        secondary.put(Results.RENDER_MS, renderMs);
        secondary.put(Results.ENCODE_MS, encodeMs);
        return new Measurement(
                trial.benchmark(), trial.params(), trial.score(), trial.unit(), trial.p50(), trial.p99(), secondary);
    }

    /** An interleaved trial: each strategy served 1,000 tiles at the given rate. */
    private static Measurement interleaved(
            int hits, String clients, double sequential, double upstream, double fanout) {
        Map<String, String> params = Map.of(
                "hits",
                Integer.toString(hits),
                "metatile",
                "4x4",
                "pool",
                "2xcores",
                "clients",
                clients,
                "format",
                "png");
        Map<String, Double> counters = new java.util.HashMap<>();
        counters.put("sequentialTiles", 1000.0);
        counters.put("sequentialMicros", 1000 * 1e6 / sequential);
        counters.put("upstreamTiles", 1000.0);
        counters.put("upstreamMicros", 1000 * 1e6 / upstream);
        counters.put("fanoutTiles", 1000.0);
        counters.put("fanoutMicros", 1000 * 1e6 / fanout);
        return new Measurement(Results.INTERLEAVED, params, 1, "ops/s", Double.NaN, Double.NaN, counters);
    }

    /**
     * A time-to-first-tile-under-load trial, 8 clients, pool 2, png: per strategy {p50, p99, mean} in ms (or
     * {p50, p99} for upstream-2.27), 40 requests each, null when not measured; every render 30 ms, every
     * encode 1 ms.
     */
    private static Measurement loaded(String metatile, double[] upstream, double[] sequential, double[] fanout) {
        Map<String, Double> secondary = new HashMap<>();
        putLatency(secondary, "sequential", sequential);
        putLatency(secondary, "upstream", upstream == null ? null : new double[] {upstream[0], upstream[1], 0});
        putLatency(secondary, "fanout", fanout);
        if (fanout != null) {
            secondary.put("fanout." + Results.HANDED_OFF, 30.0);
            secondary.put("fanout." + Results.RAN_ON_CALLER, 10.0);
        }
        return new Measurement(
                Results.LOADED_FIRST_TILE,
                Map.of("metatile", metatile, "pool", "2", "clients", "8", "format", "png"),
                0.1,
                "ops/s",
                Double.NaN,
                Double.NaN,
                secondary);
    }

    /** The rows of {@link RequestTimes} of {@code strategy}'s times in the loaded scenario of {@code metatile}. */
    private static List<String> rows(String metatile, Strategy strategy, SortedMap<Integer, double[]> batches) {
        Scenario scenario = new Scenario(0, metatile, "8", "2", "png");
        List<String> rows = new ArrayList<>();
        batches.forEach((invocation, times) -> {
            for (double ms : times) {
                rows.add(RequestTimes.row(scenario, strategy, invocation, Math.round(ms * 1e6)));
            }
        });
        return rows;
    }

    private static void putLatency(Map<String, Double> secondary, String prefix, double[] figures) {
        if (figures == null) {
            return;
        }
        secondary.put(prefix + "." + Results.LATENCY, figures[2]);
        secondary.put(prefix + "." + Results.LATENCY + Measurement.P50, figures[0]);
        secondary.put(prefix + "." + Results.LATENCY + Measurement.P99, figures[1]);
        secondary.put(prefix + "." + Results.LATENCY + Measurement.SAMPLES, 40.0);
        secondary.put(prefix + "." + Results.RENDER_MS, 30.0);
        secondary.put(prefix + "." + Results.ENCODE_MS, 1.0);
    }

    private static Measurement sample(String benchmark, Map<String, String> params, double p50) {
        return new Measurement(benchmark, params, p50, "ms/op", p50, 2 * p50, Map.of());
    }
}
