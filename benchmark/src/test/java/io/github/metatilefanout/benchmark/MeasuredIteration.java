package io.github.metatilefanout.benchmark;

import java.util.HashMap;
import java.util.Map;
import org.openjdk.jmh.results.Result;

/** Runs a serving benchmark as JMH would, one measured iteration, and returns what the profiler reports. */
final class MeasuredIteration {

    private MeasuredIteration() {}

    /**
     * Sets {@code benchmark} up with {@code params}, runs {@code invocations} invocations in one measured
     * iteration, calls {@code beforeTearDown} and tears it down.
     */
    static Map<String, Result> run(
            ServingBenchmark benchmark, Map<String, String> params, int invocations, Runnable beforeTearDown)
            throws Exception {
        Map<String, Result> reported = new HashMap<>();
        benchmark.setUp(params);
        try {
            benchmark.startIteration();
            new HarnessProfiler().beforeIteration(null, null);
            for (int invocation = 0; invocation < invocations; invocation++) {
                if (benchmark.serveInTurn() <= 0) {
                    throw new AssertionError("no bytes served");
                }
            }
            new HarnessProfiler().afterIteration(null, null, null).forEach(r -> reported.put(r.getLabel(), r));
            beforeTearDown.run();
        } finally {
            benchmark.tearDown();
        }
        return reported;
    }
}
