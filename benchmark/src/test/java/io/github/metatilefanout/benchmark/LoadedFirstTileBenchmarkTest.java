package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.RequestTimes;
import io.github.metatilefanout.benchmark.report.Trial;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

class LoadedFirstTileBenchmarkTest {

    @Test
    void everyStrategyIsTimedAndTheSummaryReadsWhatTheProfilerAndTheLogGive(@TempDir Path folder) throws Exception {
        LoadedFirstTileBenchmark benchmark = new LoadedFirstTileBenchmark();
        Map<String, String> params = Map.of(
                "strategies", "sequential+upstream-2.27+fanout",
                "hits", "0",
                "metatile", "4x4",
                "pool", "1",
                "clients", "2",
                "format", "png");
        HarnessProfiler profiler = new HarnessProfiler();
        Map<String, Result> reported = new HashMap<>();
        Path requestTimes = folder.resolve(RequestTimes.FILE);
        System.setProperty(StrategiesInTurn.REQUEST_TIMES_PROPERTY, requestTimes.toString());
        try {
            benchmark.setUp(params);
        } finally {
            System.clearProperty(StrategiesInTurn.REQUEST_TIMES_PROPERTY);
        }
        try {
            // a warm-up invocation, whose times the log leaves out, then a measured one
            benchmark.startIteration(new IterationParams(IterationType.WARMUP, 1, TimeValue.NONE, 1));
            assertTrue(benchmark.serveInTurn() > 0);
            benchmark.startIteration(new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.NONE, 1));
            profiler.beforeIteration(null, null);
            assertTrue(benchmark.serveInTurn() > 0);
            profiler.afterIteration(null, null, null).forEach(r -> reported.put(r.getLabel(), r));
        } finally {
            benchmark.tearDown();
        }

        // every request rendered a metatile of its own: fanout handed it to its pool or encoded it itself
        double handedOff = reported.get("fanout.jobs.handedOff").getScore();
        double ranOnCaller = reported.get("fanout.jobs.ranOnCaller").getScore();
        assertEquals(2 * LoadedFirstTileBenchmark.REQUESTS_PER_CLIENT, handedOff + ranOnCaller, 1e-9);
        assertTrue(handedOff >= 1, "a free pool takes the first metatile");
        assertTrue(
                reported.keySet().stream().noneMatch(name -> name.startsWith("sequential.jobs")),
                reported.keySet().toString());

        Trial trial = Trial.of(
                "io.github.metatilefanout.benchmark.LoadedFirstTileBenchmark.serveInTurn",
                params,
                new ScalarResult("primary", 1, "ops/s", AggregationPolicy.AVG),
                reported);
        RequestTimes kept = RequestTimes.read(requestTimes);
        for (String strategy : List.of("sequential", "upstream-2.27", "fanout")) {
            // 2 clients x 8 requests: each client's first left out, and at least the last one
            double timed = trial.figure(strategy, "latency.samples");
            assertTrue(
                    timed >= 1 && timed <= 2 * LoadedFirstTileBenchmark.REQUESTS_PER_CLIENT - 3,
                    strategy + " " + timed);
            assertTrue(trial.figure(strategy, "latency.p50") <= trial.figure(strategy, "latency.p99"), strategy);
            assertTrue(trial.figure(strategy, "render.ms") > 0, strategy);
            // the log kept the measured invocation's requests, the same the profiler reported
            SortedMap<Integer, double[]> batches = kept.batches(trial.scenarioKey(), strategy);
            assertEquals(List.of(1), List.copyOf(batches.keySet()), strategy);
            assertEquals(timed, batches.get(1).length, strategy);
        }
    }
}
