package io.github.metatilefanout.benchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.SampleBuffer;

class SummaryTest {

    @TempDir
    Path folder;

    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final Map<String, String> SATURATION =
            Map.of("hits", "0", "metatile", "4x4", "pool", "2xcores", "clients", "4xcores", "format", "png");
    private static final Map<String, String> LOADED =
            Map.of("hits", "0", "metatile", "4x4", "pool", "2", "clients", "8", "format", "png");

    @Test
    void aTrialFilesItsFiguresUnderItsStrategy() {
        Trial single = throughput("upstream-2.27", SATURATION, 42, 5);
        Trial inTurn = loaded();

        assertEquals(
                Map.of("clients", "4xcores", "format", "png", "hits", "0", "metatile", "4x4", "pool", "2xcores"),
                single.scenario());
        assertEquals(42, single.figure("upstream-2.27", "tiles"));
        assertEquals(5, single.figure("upstream-2.27", "images.peak"));
        assertEquals(300, single.figure("upstream-2.27", "gc.alloc.rate"));
        assertEquals("ThroughputBenchmark", single.benchmark());
        assertEquals("LoadedFirstTileBenchmark in turn", inTurn.benchmark());
        assertEquals(
                List.of("fanout", "sequential", "serveInTurn"),
                List.copyOf(inTurn.figures().keySet()));
        assertEquals(30, inTurn.figure("fanout", "latency.p50"), 0.1);
        assertEquals(50, inTurn.figure("sequential", "latency.p50"), 0.1);
        assertEquals(3, inTurn.figure("fanout", "latency.samples"));
        assertEquals("clients=8 format=png hits=0 metatile=4x4 pool=2", inTurn.scenarioKey());
    }

    @Test
    void everyStrategyIsAColumnWithItsRatioToSequentialAndTheBoundsBesideIt() {
        String text = new Summary(List.of(
                        throughput("sequential", SATURATION, 100, 8),
                        throughput("fanout", SATURATION, 98, 6),
                        interleaved(),
                        cost("render", "4x4", 10),
                        cost("encodeTile", "4x4", 0.5),
                        firstTile("sequential", 15),
                        firstTile("fanout", 11)))
                .text();

        assertTrue(
                text.contains("### Throughput, tiles/s, each strategy in a JVM of its own, clients " + 4 * CORES
                        + ", format png, hits 0%, metatile 4x4, pool " + 2 * CORES),
                text);
        assertTrue(text.contains("| 100.0      | 98.0 (x0.98) | 6 (" + (4 * CORES + 4 * CORES) + ")"), text);
        // one client, 75 % hits: 1000 / 40 tiles/s x 4 = 100 ms per miss and its three hits, of which fanout
        // keeps the render and one encode (10 + 0.5) and the hits (3 x 0.5)
        assertTrue(text.contains("| 40.0       | 60.0 (x1.50) | x8.33"), text);
        assertTrue(text.contains("| 15.0       | 11.0 (x0.73) | 10.5                | 1.05"), text);
        assertFalse(text.contains("PASS") || text.contains("FAIL"), text);
    }

    @Test
    void onlyAConfidenceIntervalDecidesAVerdict() {
        String scenario = loaded().scenarioKey();

        String decided = new Summary(List.of(withRequestTimes(loaded(), 48))).text();
        String tooFew = new Summary(List.of(withRequestTimes(loaded(), 2))).text();

        assertTrue(
                decided.contains("PASS  fanout against sequential, " + scenario + ": not measurably worse"), decided);
        assertTrue(decided.contains("2304 and 2304 requests in 48 invocations"), decided);
        assertTrue(tooFew.contains("cannot tell  fanout against sequential, " + scenario + ": too few timed"), tooFew);
        assertTrue(tooFew.contains("| 49.9 / 99.9 / 66.6 / 60.0 | 30.0 / 89.9 / 50.0 / 61.0 | 11 (12)"), tooFew);
    }

    @Test
    void underLoadTheCpuPerRequestAndTheShareHandedOffStandBesideTheTimes() {
        String text = new Summary(List.of(loaded())).text();

        // the same CPU per request means the same mean first tile with every core busy
        assertTrue(
                text.contains("| fanout peak images (bound) | CPU per request, ms | fanout metatiles handed off |"),
                text);
        assertTrue(text.contains("| 11 (12)                    | 16.0 / 16.4 (x1.03) | 25 %"), text);
    }

    @Test
    void theClusterTableShowsFirstTilesTilesPerSecondAndLocksAndJudgesBothProtocols() {
        Trial cluster = Trial.of(
                "io.github.metatilefanout.benchmark.ClusterBenchmark.serveInTurn",
                params(LOADED, "strategies", "sequential+fanout+fanout-storing-lock"),
                new ScalarResult("primary", 1, "ops/s", AggregationPolicy.AVG),
                Map.of(
                        "sequential.latency", sampled("sequential.latency", ResultRole.SECONDARY, 50, 50, 100),
                        "sequential.tiles", scalar("sequential.tiles", 60),
                        "sequential.locks.perMetatile", scalar("sequential.locks.perMetatile", 2),
                        "fanout-storing-lock.latency",
                                sampled("fanout-storing-lock.latency", ResultRole.SECONDARY, 30, 30, 90),
                        "fanout-storing-lock.tiles", scalar("fanout-storing-lock.tiles", 61),
                        "fanout-storing-lock.locks.perMetatile", scalar("fanout-storing-lock.locks.perMetatile", 6)),
                List.of());

        String text = new Summary(List.of(cluster)).text();

        assertTrue(text.contains("| sequential               | fanout-storing-lock      |"), text);
        assertTrue(text.contains("| 49.9 / 99.9 / 60.0 / 2.0 | 30.0 / 89.9 / 61.0 / 6.0 |"), text);
        assertTrue(text.contains("cannot tell  fanout-storing-lock against sequential"), text);
    }

    @Test
    void aBenchmarkWithoutATableShowsItsPrimaryScore() {
        Trial unknown = Trial.of(
                "io.github.metatilefanout.benchmark.NewBenchmark.serveInTurn",
                Map.of("strategies", "sequential+fanout", "metatile", "4x4"),
                new ScalarResult("primary", 12.5, "ops/s", AggregationPolicy.AVG),
                Map.of(),
                List.of());

        String text = new Summary(List.of(unknown)).text();

        assertTrue(text.contains("### NewBenchmark in turn, metatile 4x4"), text);
        assertTrue(text.contains("| 12.50 "), text);
    }

    @Test
    void theChartDrawsEveryTableOfOneFigure() throws Exception {
        Summary summary =
                new Summary(List.of(throughput("sequential", SATURATION, 100, 8), firstTile("fanout", 11), loaded()));

        Path png = folder.resolve("chart.png");
        assertTrue(ResultChart.write(summary.grids(), png));
        BufferedImage chart = ImageIO.read(png.toFile());

        assertNotNull(chart);
        assertEquals(ResultChart.WIDTH, chart.getWidth());
        assertEquals(2 * ResultChart.CHART_HEIGHT, chart.getHeight());
    }

    private static Trial throughput(String strategy, Map<String, String> scenario, double tiles, double peak) {
        Map<String, String> params = new TreeMap<>(scenario);
        params.put("strategies", strategy);
        return Trial.of(
                "io.github.metatilefanout.benchmark.ThroughputBenchmark.serveInTurn",
                params,
                new ScalarResult("primary", 1, "ops/s", AggregationPolicy.AVG),
                Map.of(
                        strategy + ".tiles",
                        scalar(strategy + ".tiles", tiles),
                        strategy + ".images.peak",
                        scalar(strategy + ".images.peak", peak),
                        "gc.alloc.rate",
                        scalar("gc.alloc.rate", 300)),
                List.of());
    }

    private static Trial interleaved() {
        return Trial.of(
                "io.github.metatilefanout.benchmark.ThroughputBenchmark.serveInTurn",
                Map.of(
                        "strategies",
                        "sequential+fanout",
                        "hits",
                        "75",
                        "metatile",
                        "4x4",
                        "pool",
                        "2xcores",
                        "clients",
                        "1",
                        "format",
                        "png"),
                new ScalarResult("primary", 1, "ops/s", AggregationPolicy.AVG),
                Map.of(
                        "sequential.tiles", scalar("sequential.tiles", 40),
                        "fanout.tiles", scalar("fanout.tiles", 60),
                        "sequential.render.ms", scalar("sequential.render.ms", 10),
                        "sequential.encode.ms", scalar("sequential.encode.ms", 0.5),
                        "sequential.hit.ms", scalar("sequential.hit.ms", 0.5)),
                List.of());
    }

    private static Trial firstTile(String strategy, double ms) {
        return Trial.of(
                "io.github.metatilefanout.benchmark.FirstTileBenchmark.firstTile",
                Map.of("strategy", strategy, "metatile", "4x4", "pool", "2xcores", "format", "png"),
                sampled("primary", ResultRole.PRIMARY, ms, ms, ms),
                Map.of(),
                List.of());
    }

    private static Trial cost(String method, String metatile, double ms) {
        return Trial.of(
                "io.github.metatilefanout.benchmark.RenderEncodeBenchmark." + method,
                Map.of("metatile", metatile, "format", "png"),
                sampled("primary", ResultRole.PRIMARY, ms, ms, ms),
                Map.of(),
                List.of());
    }

    private static Trial loaded() {
        return Trial.of(
                "io.github.metatilefanout.benchmark.LoadedFirstTileBenchmark.serveInTurn",
                params(LOADED, "strategies", "sequential+fanout"),
                new ScalarResult("primary", 1, "ops/s", AggregationPolicy.AVG),
                Map.of(
                        "fanout.latency", sampled("fanout.latency", ResultRole.SECONDARY, 30, 30, 90),
                        "fanout.tiles", scalar("fanout.tiles", 61),
                        "fanout.images.peak", scalar("fanout.images.peak", 11),
                        "fanout.cpu.perRequest", scalar("fanout.cpu.perRequest", 16.4),
                        "fanout.jobs.handedOff", scalar("fanout.jobs.handedOff", 768),
                        "fanout.jobs.ranOnCaller", scalar("fanout.jobs.ranOnCaller", 2304),
                        "sequential.latency", sampled("sequential.latency", ResultRole.SECONDARY, 50, 50, 100),
                        "sequential.tiles", scalar("sequential.tiles", 60),
                        "sequential.cpu.perRequest", scalar("sequential.cpu.perRequest", 16)),
                List.of());
    }

    /** {@code trial} with {@code iterations} iterations of 48 request times per strategy, drawn alike for both. */
    private static Trial withRequestTimes(Trial trial, int iterations) {
        Map<String, SortedMap<Integer, double[]>> times = new TreeMap<>();
        for (String strategy : List.of("sequential", "fanout")) {
            times.put(
                    strategy,
                    RequestTimesSamples.batches(strategy.equals("fanout") ? 10 : 11, iterations, 48, 60, 0.1));
        }
        return new Trial(trial.benchmark(), trial.scenario(), trial.figures(), times);
    }

    private static Map<String, String> params(Map<String, String> scenario, String name, String value) {
        Map<String, String> params = new TreeMap<>(scenario);
        params.put(name, value);
        return params;
    }

    private static Result<?> scalar(String label, double value) {
        return new ScalarResult(label, value, "", AggregationPolicy.AVG);
    }

    private static SampleTimeResult sampled(String label, ResultRole role, double... ms) {
        SampleBuffer buffer = new SampleBuffer();
        for (double value : ms) {
            buffer.add((long) (value * 1e6));
        }
        return new SampleTimeResult(role, label, buffer, TimeUnit.MILLISECONDS);
    }
}
