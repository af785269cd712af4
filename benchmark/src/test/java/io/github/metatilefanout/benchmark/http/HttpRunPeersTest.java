package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The side-by-side run against two stub caches and a stub WMS, named by a stand-in for peers.sh. */
class HttpRunPeersTest {

    private static final String WMTS = "/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile&LAYER={layer}"
            + "&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:{z}&TILEROW={y}&TILECOL={x}&FORMAT=image/png";

    @TempDir
    Path folder;

    @Test
    void everyRunningCacheGetsTheSameMetatilesInTurnAndTheBackendThoseOfTheFirstTiles() throws Exception {
        PeersRun run = peers("--caches", "b,a,c", "--hits", "0,75", "--hot-metatiles", "2");

        assertEquals(
                List.of("b", "a"),
                run.results().stream().map(HttpRun.CacheResult::cache).toList());
        for (HttpRun.CacheResult result : run.results()) {
            assertEquals(3, result.firstTile().answers().size());
            assertEquals(3, result.firstTile().getMaps());
            assertEquals(2 * 16, result.bursts().ok());
            assertEquals(2, result.bursts().getMaps());
            assertEquals(8, result.loads().get(0).getMaps());
            assertEquals(6, result.loads().get(1).cacheHits());
            assertEquals(2, result.loads().get(1).getMaps());
            // peers.sh cpu: each call adds 10 ms to a cache and 100 ms to MapServer; read around the
            // load phase at 0 % hits, 8 metatiles
            assertEquals(1.25, result.cpuPerMetatile());
            assertEquals(12.5, result.backendCpuPerMetatile());
        }
        // warm-up, first tiles, bursts, hot metatiles one at a time; then 8 + 2 misses from 8 clients
        assertEquals(1 + 3 + 2 + 2 + 8 + 2, run.a().rendered().size());
        assertEquals(run.a().rendered().subList(0, 8), run.b().rendered().subList(0, 8));
        assertEquals(new HashSet<>(run.a().rendered()), new HashSet<>(run.b().rendered()));
        assertEquals(
                List.of("1088x1088", "1088x1088", "1088x1088", "1088x1088"),
                run.a().getMapSizes());
        assertTrue(run.printed().contains("\n| b | ") && run.printed().contains("\n| a | "), run.printed());
    }

    @Test
    void roundsAlternateTheCachesOrderOnMetatilesNoEarlierRoundTookAndEndWithTheirMeans() throws Exception {
        PeersRun run = peers("--caches", "b,a", "--rounds", "3", "--hits", "0", "--hot-metatiles", "0");

        assertEquals(
                List.of("b", "a", "a", "b", "b", "a"),
                run.results().stream().map(HttpRun.CacheResult::cache).toList());
        // per round: warm-up, first tiles, bursts, 8 misses; no metatile twice
        int perRound = 1 + 3 + 2 + 8;
        assertEquals(3 * perRound, run.a().rendered().size());
        assertEquals(3 * perRound, new HashSet<>(run.a().rendered()).size());
        assertEquals(new HashSet<>(run.a().rendered()), new HashSet<>(run.b().rendered()));
        assertTrue(run.printed().contains("round 2 of 3, caches a, b"), run.printed());
        assertTrue(run.printed().contains("mean of 3 rounds, the caches' order alternating"), run.printed());
    }

    /** What a side-by-side run did: the two stub caches (stopped), its results and what it printed. */
    private record PeersRun(StubTileServer a, StubTileServer b, List<HttpRun.CacheResult> results, String printed) {}

    /** The side-by-side run of two stub caches sharing one access log, small phases, and {@code options}. */
    private PeersRun peers(String... options) throws Exception {
        Path log = folder.resolve("access.log");
        try (StubTileServer a = new StubTileServer(4, 4, log);
                StubTileServer b = new StubTileServer(4, 4, log)) {
            List<String> arguments = new ArrayList<>(List.of(
                    "--peers", script(a, b).toString(),
                    "--layer", "l",
                    "--zoom", "5-6",
                    "--warm-up", "1",
                    "--first-tiles", "3",
                    "--bursts", "2",
                    "--requests", "8",
                    "--gutter", "32",
                    "--log-file", log.toString(),
                    "--getmap-pattern", GetMapCounter.DEFAULT_PATTERN));
            arguments.addAll(List.of(options));
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            List<HttpRun.CacheResult> results = new HttpRun(
                            ParsedOptions.parse(arguments.toArray(String[]::new)),
                            new PrintStream(printed, true, StandardCharsets.UTF_8))
                    .peers(new PeerServers(script(a, b)));
            return new PeersRun(a, b, results, printed.toString(StandardCharsets.UTF_8));
        }
    }

    /** A stand-in for peers.sh: status, urls (the WMS on {@code a}), cpu counting its calls. */
    private Path script(StubTileServer a, StubTileServer b) throws Exception {
        Path script = folder.resolve("peers.sh");
        Path calls = folder.resolve("cpu-calls");
        Files.writeString(
                script,
                "#!/bin/sh\ncase $1 in\n"
                        + "status) printf 'mapserv up, port -, session 1\\nmapserver up, port 1, session 2\\n"
                        + "a up, port 2, session 3\\nb up, port 3, session 4\\n' ;;\n"
                        + "urls) printf '%s\\n' 'mapserver 1 " + a.base() + "/wms' 'a 2 " + a.base() + WMTS
                        + "' 'b 3 " + b.base() + WMTS + "' ;;\n"
                        + "cpu) n=$(( $(cat " + calls + " 2>/dev/null || echo 0) + 1 )); echo $n > " + calls
                        + "; printf 'mapserv %d\\na %d\\nb %d\\n' $((n * 100)) $((n * 10)) $((n * 10)) ;;\n"
                        + "esac\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }
}
