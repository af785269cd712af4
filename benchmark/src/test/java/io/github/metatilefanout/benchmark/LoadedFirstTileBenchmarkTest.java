package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Latency;
import io.github.metatilefanout.benchmark.report.Measurement;
import io.github.metatilefanout.benchmark.report.RequestTimes;
import io.github.metatilefanout.benchmark.report.Results;
import io.github.metatilefanout.benchmark.report.Scenario;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

class LoadedFirstTileBenchmarkTest {

    @Test
    void everyStrategyIsTimedAndTheReportReadsWhatTheProfilerGives(@TempDir Path folder) throws Exception {
        LoadedFirstTileBenchmark benchmark = new LoadedFirstTileBenchmark();
        benchmark.strategies = "sequential+upstream-2.27+fanout";
        benchmark.metatile = "4x4";
        benchmark.pool = "1";
        benchmark.clients = "2";
        benchmark.format = "png";
        HarnessProfiler profiler = new HarnessProfiler();
        Collection<? extends Result> reported;
        Path requestTimes = folder.resolve(RequestTimes.FILE);
        System.setProperty(RequestTimeLog.PROPERTY, requestTimes.toString());
        try {
            benchmark.setUp();
        } finally {
            System.clearProperty(RequestTimeLog.PROPERTY);
        }
        try {
            // a warm-up invocation, whose times the log leaves out, then a measured one
            benchmark.startIteration(new IterationParams(IterationType.WARMUP, 1, TimeValue.NONE, 1));
            assertTrue(benchmark.firstTilesInTurn() > 0);
            benchmark.startIteration(new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.NONE, 1));
            profiler.beforeIteration(null, null);
            assertTrue(benchmark.firstTilesInTurn() > 0);
            reported = profiler.afterIteration(null, null, null);
        } finally {
            benchmark.tearDown();
            HarnessProfiler.watch(new Latencies(), Map.of());
        }

        Map<String, Result> byName = new HashMap<>();
        reported.forEach(result -> byName.put(result.getLabel(), result));
        for (Strategy strategy : LoadedFirstTileBenchmark.strategies(benchmark.strategies)) {
            Result latency = byName.get(Results.ofStrategy(strategy, Results.LATENCY));
            assertTrue(latency instanceof SampleTimeResult, strategy + " in " + byName.keySet());
            // 2 clients x 8 requests: each client's first left out, and at least the last one
            long timed = latency.getStatistics().getN();
            assertTrue(timed >= 1 && timed <= 2 * LoadedFirstTileBenchmark.REQUESTS_PER_CLIENT - 3, "" + timed);
            assertTrue(byName.containsKey(Results.ofStrategy(strategy, Results.RENDER_MS)), strategy.toString());
            assertTrue(byName.containsKey(Results.ofStrategy(strategy, Results.ENCODE_MS)), strategy.toString());
        }
        // every request rendered a metatile of its own: fanout handed it to its pool or ran it itself
        double handedOff = byName.get(Results.ofStrategy(Strategy.FANOUT, Results.HANDED_OFF))
                .getScore();
        double ranOnCaller = byName.get(Results.ofStrategy(Strategy.FANOUT, Results.RAN_ON_CALLER))
                .getScore();
        assertEquals(2 * LoadedFirstTileBenchmark.REQUESTS_PER_CLIENT, handedOff + ranOnCaller, 1e-9);
        assertTrue(handedOff >= 1, "a free pool takes the first metatile");
        assertTrue(
                byName.keySet().stream().noneMatch(name -> name.startsWith("sequential.jobs")),
                byName.keySet().toString());

        Measurement trial = new Measurement(
                Results.LOADED_FIRST_TILE,
                Map.of("metatile", "4x4", "pool", "1", "clients", "2", "format", "png"),
                1,
                "ops/s",
                Double.NaN,
                Double.NaN,
                Measurement.secondaries(byName));
        Results results = new Results(List.of(trial), RequestTimes.read(requestTimes));
        Scenario scenario = new Scenario(0, "4x4", "2", "1", "png");
        assertEquals(List.of(scenario), results.loadedFirstTileScenarios());
        for (Strategy strategy : LoadedFirstTileBenchmark.strategies(benchmark.strategies)) {
            Latency latency = results.loadedLatency(strategy, scenario);
            SampleTimeResult reportedTimes =
                    (SampleTimeResult) byName.get(Results.ofStrategy(strategy, Results.LATENCY));
            assertTrue(latency.measured(), strategy.toString());
            assertEquals(reportedTimes.getStatistics().getN(), latency.samples());
            assertEquals(reportedTimes.getStatistics().getPercentile(50), latency.p50(), 1e-9);
            assertEquals(reportedTimes.getStatistics().getPercentile(99), latency.p99(), 1e-9);
            assertTrue(latency.p50() > 0 && latency.p50() <= latency.p99(), latency.toString());
            // the log kept the measured invocation's requests, the same the profiler reported
            SortedMap<Integer, double[]> kept = results.loadedRequestTimes(strategy, scenario);
            assertEquals(List.of(1), List.copyOf(kept.keySet()), strategy.toString());
            assertEquals(latency.samples(), kept.get(1).length, strategy.toString());
        }
    }
}
