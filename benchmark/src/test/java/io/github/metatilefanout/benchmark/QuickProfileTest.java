package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Results;
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
        Results results = BenchmarkMain.run(Profile.QUICK, folder, "QuickProfileTest");

        assertFalse(results.scenarios().isEmpty());
        for (String file : new String[] {"results.json", "results.md", "chart.png", "summary.txt"}) {
            assertTrue(Files.size(folder.resolve(file)) > 0, file);
        }
    }
}
