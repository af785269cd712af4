package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
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
}
