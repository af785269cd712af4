package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Summary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the quick profile (about 3 minutes on 2 cores), for IDEs. Off by default: enable it with {@code
 * -Dbenchmark.quick=true}, e.g. {@code mvn -pl benchmark -am verify -Dbenchmark.quick=true
 * -Dtest=QuickProfileTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "benchmark.quick", matches = "true")
class QuickProfileTest {

    @Test
    void quickProfileRunsAndWritesItsResults(@TempDir Path folder) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Summary summary = BenchmarkMain.run(
                Profile.QUICK, Profile.QUICK.runs(), folder, new PrintStream(console, true, StandardCharsets.UTF_8));

        assertFalse(summary.grids().isEmpty());
        for (String file : new String[] {"jmh.log", "results.json", "summary.md", "chart.png"}) {
            assertTrue(Files.size(folder.resolve(file)) > 0, file);
        }
        assertTrue(console.toString(StandardCharsets.UTF_8).lines().count() <= 80);
    }
}
