package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver against a stub tile cache on 127.0.0.1: what it asks for and what it counts, not timings. */
class HttpRunTest {

    @TempDir
    Path folder;

    @Test
    void everyPhaseAsksForUncachedMetatilesOnceAndCountsTheirGetMaps() throws Exception {
        Path log = folder.resolve("geoserver.log");
        try (StubTileServer server = new StubTileServer(4, 4, log)) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            List<PhaseResult> results = new HttpRun(
                            ParsedOptions.parse(
                                    "--url", server.base(),
                                    "--layer", "ne:countries",
                                    "--zoom", "5-6",
                                    "--first-tiles", "5",
                                    "--bursts", "3",
                                    "--hits", "0,75",
                                    "--hot-metatiles", "2",
                                    "--requests", "40",
                                    "--truncate", "true",
                                    "--user", "admin:geoserver",
                                    "--log-file", log.toString()),
                            new PrintStream(printed, true, StandardCharsets.UTF_8))
                    .run();

            assertEquals(4, results.size());
            PhaseResult first = results.get(0);
            assertEquals(5, first.answers().size());
            assertEquals(0, first.cacheHits());
            assertEquals(5, first.getMaps());
            assertTrue(first.name().contains("siblings 75/75 hits"), first.name());

            PhaseResult bursts = results.get(1);
            assertEquals(3 * 16, bursts.ok());
            assertEquals(3, bursts.getMaps());
            assertEquals(3 * 15, bursts.cacheHits());

            PhaseResult noHits = results.get(2);
            assertEquals(40, noHits.ok());
            assertEquals(0, noHits.cacheHits());
            assertEquals(40, noHits.getMaps());
            assertEquals(40, noHits.metatiles());

            PhaseResult mostlyHits = results.get(3);
            assertEquals(40, mostlyHits.ok());
            assertEquals(30, mostlyHits.cacheHits());
            assertEquals(10, mostlyHits.getMaps());

            List<List<Long>> rendered = server.rendered();
            assertEquals(5 + 3 + 2 + 40 + 10, rendered.size());
            assertEquals(rendered.size(), new HashSet<>(rendered).size(), "a metatile was rendered twice");
            assertEquals(1, server.truncateBodies().size());
            assertTrue(server.truncateBodies().get(0).contains("<layerName>ne:countries</layerName>"));
            assertTrue(server.truncateBodies().get(0).startsWith("Basic YWRtaW46Z2Vvc2VydmVy"));
            assertTrue(printed.toString(StandardCharsets.UTF_8).contains("8 clients, 75 % hits"));
        }
    }

    @Test
    void aLoadPhaseNeedingMoreMetatilesThanTheBoxHoldsIsRefusedBeforeItStarts() throws Exception {
        try (StubTileServer server = new StubTileServer(4, 4, folder.resolve("geoserver.log"))) {
            HttpRun run = new HttpRun(
                    ParsedOptions.parse(
                            "--url",
                            server.base(),
                            "--layer",
                            "l",
                            "--zoom",
                            "2",
                            "--phases",
                            "load",
                            "--hot-metatiles",
                            "0",
                            "--hits",
                            "0",
                            "--requests",
                            "2"),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            IllegalArgumentException refused =
                    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, run::run);
            assertTrue(refused.getMessage().contains("have 1 left"), refused.getMessage());
            assertEquals(0, server.rendered().size());
        }
    }
}
