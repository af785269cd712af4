package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Trial;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

class LoadedFirstTileBenchmarkTest {

    @Test
    void everyStrategyIsTimedAndTheSummaryReadsWhatTheProfilerGives() throws Exception {
        Map<String, String> params = Map.of(
                "strategies", "sequential+upstream-2.27+fanout",
                "hits", "0",
                "metatile", "4x4",
                "pool", "1",
                "clients", "2",
                "format", "png");
        Map<String, Result> reported = MeasuredIteration.run(new LoadedFirstTileBenchmark(), params, 1, () -> {});

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
                reported,
                List.of(reported));
        for (String strategy : List.of("sequential", "upstream-2.27", "fanout")) {
            // 2 clients x 8 requests: each client's first left out, and at least the last one
            double timed = trial.figure(strategy, "latency.samples");
            assertTrue(
                    timed >= 1 && timed <= 2 * LoadedFirstTileBenchmark.REQUESTS_PER_CLIENT - 3,
                    strategy + " " + timed);
            assertTrue(trial.figure(strategy, "latency.p50") <= trial.figure(strategy, "latency.p99"), strategy);
            assertTrue(trial.figure(strategy, "render.ms") > 0, strategy);
            // the process's CPU time over the strategy's batch: 16 renders take some. No upper bound here: the
            // clock counts in ticks of 10 ms, and under a CPU quota a process may use more cores than it is given
            assertTrue(trial.figure(strategy, "cpu.perRequest") > 0, strategy);
            // the iteration's request times, for the verdict: the same requests
            assertEquals(
                    List.of(1), List.copyOf(trial.requestTimes().get(strategy).keySet()), strategy);
            assertEquals(timed, trial.requestTimes().get(strategy).get(1).length, strategy);
        }
    }
}
