package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerServersTest {

    @TempDir
    Path folder;

    @Test
    void statusUrlsAndCpuAreReadAsPeersShPrintsThem() {
        assertEquals(
                Set.of("mapserv", "mapserver", "fanout"),
                PeerServers.running("mapserv up, port -, session 41\nmapserver up, port 18600, session 42\n"
                        + "fanout up, port 18640, session 47\n"));
        assertEquals(
                Map.of(
                        "mapserver", "http://127.0.0.1:18600/wms",
                        "mapproxy", "http://127.0.0.1:18610/wmts/{layer}/webmercator/{z}/{x}/{y}.png"),
                PeerServers.fields(
                        "mapserver 18600 http://127.0.0.1:18600/wms\n"
                                + "mapproxy 18610 http://127.0.0.1:18610/wmts/{layer}/webmercator/{z}/{x}/{y}.png\n",
                        3,
                        2));
        assertEquals(Map.of("mapserv", 12340L, "gwc", 0L), PeerServers.cpu("mapserv 12340\ngwc 0\n"));
        assertEquals(
                "peers.sh printed 'gwc'; expected 2 fields",
                assertThrows(IllegalArgumentException.class, () -> PeerServers.cpu("gwc\n"))
                        .getMessage());
    }

    @Test
    void theAccessLogIsInPeersWorkOrBesideTheScript() {
        PeerServers servers = new PeerServers(Path.of("/repo/benchmark/peers/peers.sh"));
        assertEquals(Path.of("/repo/benchmark/target/peers/logs/mapserver-access.log"), servers.accessLog(null));
        assertEquals(Path.of("/w/logs/mapserver-access.log"), servers.accessLog("/w"));
    }

    @Test
    void onlyGetMapsOfTheAccessLogAreCounted() throws IOException {
        Path log = folder.resolve("mapserver-access.log");
        Files.writeString(
                log, "1.000 0.010 200 99 \"GET /wms?SERVICE=WMS&REQUEST=GetCapabilities HTTP/1.1\" \"curl\"\n");
        GetMapCounter counter = new GetMapCounter(log, Pattern.compile(PeerServers.GETMAP_PATTERN));
        counter.mark();
        Files.writeString(
                log,
                String.join(
                        "\n",
                        List.of(
                                "2.000 0.016 200 5 \"GET /wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=light"
                                        + "&BBOX=1,2,3,4 HTTP/1.1\" \"Apache-HttpClient/5.4\"",
                                "2.100 0.016 200 5 \"GET /wms?request=GetMap&bbox=1,2,3,4&layers=light HTTP/1.1\""
                                        + " \"MapProxy-7.0.0\"",
                                "2.200 0.016 200 5 \"GET /wms?LAYERS=light&REQUEST=GetMap HTTP/1.1\""
                                        + " \"mod-mapcache/1.14.0\"",
                                "2.300 0.001 200 5 \"GET /wms?REQUEST=GetMapX&LAYERS=light HTTP/1.1\" \"curl\"",
                                "2.400 0.001 200 5 \"GET /wms?SERVICE=WMS&REQUEST=GetCapabilities HTTP/1.1\" \"curl\"",
                                "")),
                java.nio.file.StandardOpenOption.APPEND);
        assertEquals(3, counter.countSinceMark());
    }
}
