package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.objectstore.ToxiproxyProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

/** What works without Toxiproxy: seeding at latency 0 into a real S3Proxy, and the runs narrowed to it. */
class ObjectStoreSeedingBenchmarkTest {

    @Test
    void everyBatchLeavesExactlyItsTilesInTheBucket() throws Exception {
        ObjectStoreSeedingBenchmark benchmark = new ObjectStoreSeedingBenchmark();
        benchmark.latency = 0;
        benchmark.storeThreads = 2;
        benchmark.setUp();
        try {
            for (int batch = 0; batch < 2; batch++) {
                assertEquals(ObjectStoreSeedingBenchmark.METATILES * 16, benchmark.seedBatch());
                benchmark.countObjects(); // throws unless the batch's layer holds exactly its tiles
            }
            Map<String, Double> figures =
                    benchmark.takeFigures().stream().collect(Collectors.toMap(Result::getLabel, Result::getScore));

            assertEquals(2.0 * 16 * 16, figures.get("seeded"), 1e-9);
            assertEquals(figures.get("seeded"), figures.get("objects"), 1e-9);
            assertTrue(figures.get("tiles") > 0, figures.toString());
        } finally {
            benchmark.tearDown();
        }
    }

    @Test
    void withoutToxiproxyTheObjectStoreRunsKeepLatencyZeroOnlyWithOneLine() {
        WithProperty.run(ToxiproxyProcess.BINARY_PROPERTY, "/nowhere/server", () -> {
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            List<Profile.Run> runs = Profile.FULL.runs(Pattern.compile("^(ObjectStore|RenderEncode)"));

            List<Profile.Run> left =
                    BenchmarkMain.runnable(runs, new PrintStream(console, true, StandardCharsets.UTF_8));

            assertEquals(
                    runs.stream().map(Profile.Run::benchmark).toList(),
                    left.stream().map(Profile.Run::benchmark).toList());
            left.stream()
                    .filter(run -> run.params().containsKey("latency"))
                    .forEach(run -> assertEquals(List.of("0"), run.params().get("latency"), run.line()));
            assertEquals(
                    2,
                    left.stream()
                            .filter(run -> run.params().containsKey("latency"))
                            .count());
            String printed = console.toString(StandardCharsets.UTF_8);
            assertEquals(1, printed.lines().count(), printed);
            assertTrue(
                    printed.startsWith("ObjectStoreSeedingBenchmark, ObjectStoreMissBenchmark: latency 0 only."
                            + " Toxiproxy's server not found (looked at [/nowhere/server])"),
                    printed);
        });
    }
}
