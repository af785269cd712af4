package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

class ClusterBenchmarkTest {

    @Test
    void twoNodesOnPostgresServeEveryStrategyWithTheLockOperationsEachTakesPerMetatile() throws Exception {
        ClusterBenchmark benchmark = new ClusterBenchmark();
        Map<String, Result> reported = MeasuredIteration.run(
                benchmark,
                Map.of(
                        "strategies", "sequential+upstream-2.27+fanout+fanout-storing-lock",
                        "hits", "0",
                        "metatile", "4x4",
                        "pool", "1",
                        "clients", "2",
                        "format", "png"),
                1,
                () -> assertEquals(0, benchmark.registry().locksHeld(), "locks left in the database"));

        // every request a miss of a metatile of its own, 16 tiles: acquisitions and releases per metatile
        Map<String, Double> operations = Map.of(
                "sequential", 2.0, // the metatile lock
                "upstream-2.27", 36.0, // the metatile lock, the requested tile's lock, every tile's lock
                "fanout", 36.0, // the same, LockProtocol.TILE_LOCKS
                "fanout-storing-lock", 6.0); // the metatile lock, the storing lock for the look-up and for the job
        operations.forEach((strategy, expected) -> {
            assertEquals(expected, reported.get(strategy + ".locks.perMetatile").getScore(), 1e-9, strategy);
            assertTrue(reported.get(strategy + ".tiles").getScore() > 0, strategy);
        });
    }
}
