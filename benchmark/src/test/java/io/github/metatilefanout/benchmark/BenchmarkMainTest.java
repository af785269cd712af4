package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;

class BenchmarkMainTest {

    @Test
    void theHttpCommandNeedsNoProfileAndAProfileRunNeedsOne() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line =
                BenchmarkMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

        assertEquals(0, line.execute("http", "-h"));
        assertTrue(out.toString().contains("--url"), out.toString());
        assertEquals(2, line.execute());
        assertTrue(err.toString().contains("Missing the profile: quick, full or smoke"), err.toString());
    }

    @Test
    void aFailedTrialIsNamedOnceTheOthersAreSummarised(@TempDir Path folder) throws Exception {
        Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("strategy", List.of("sequential"));
        params.put("metatile", List.of("4x4"));
        params.put("pool", List.of("2"));
        params.put("format", List.of("gif", "png")); // no such format: the first trial fails in its set-up
        Profile.Run run = new Profile.Run(
                FirstTileBenchmark.class, 0, TimeValue.milliseconds(100), 1, TimeValue.milliseconds(300), params, "");
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        RunnerException failure = assertThrows(
                RunnerException.class,
                () -> BenchmarkMain.run(
                        Profile.SMOKE, List.of(run), folder, new PrintStream(console, true, StandardCharsets.UTF_8)));

        assertTrue(failure.getMessage().startsWith("1 of 2 trials failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("format=gif"), failure.getMessage());
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("Time to first tile") && summary.contains("format png"), summary);
        assertTrue(Files.readString(folder.resolve("results.json")).contains("\"png\""));
    }

    @Test
    void withoutPostgresTheRunsThatNeedItAreSkippedWithOneLine() {
        WithProperty.run("benchmark.postgresBin", "/nowhere", () -> {
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            List<Profile.Run> runs = Profile.FULL.runs(Pattern.compile("^(Cluster|PostgresLock|RenderEncode)"));

            List<Profile.Run> left =
                    BenchmarkMain.runnable(runs, new PrintStream(console, true, StandardCharsets.UTF_8));

            assertEquals(
                    List.of(RenderEncodeBenchmark.class),
                    left.stream().map(Profile.Run::benchmark).toList());
            String printed = console.toString(StandardCharsets.UTF_8);
            assertEquals(1, printed.lines().count(), printed);
            assertTrue(printed.startsWith("Skipping ClusterBenchmark, PostgresLockBenchmark: no PostgreSQL"), printed);
        });
    }
}
