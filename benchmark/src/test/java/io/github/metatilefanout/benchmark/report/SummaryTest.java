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
import org.junit.jupiter.api.Test;

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

    private static Measurement sample(String benchmark, Map<String, String> params, double p50) {
        return new Measurement(benchmark, params, p50, "ms/op", p50, 2 * p50, Map.of());
    }
}
