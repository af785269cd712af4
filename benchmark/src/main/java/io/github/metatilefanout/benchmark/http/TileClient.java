package io.github.metatilefanout.benchmark.http;

import io.github.metatilefanout.benchmark.http.PhaseResult.Answer;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Asks a tile server for tiles over HTTP/1.1, each request bounded by a timeout, at the addresses of {@code uris}. */
record TileClient(HttpClient http, Function<Tile, URI> uris, Duration timeout) {

    /** How a GeoServer is asked for tiles. */
    enum Service {
        WMTS,
        WMS
    }

    /**
     * A tile on a GeoServer: a WMTS KVP GetTile at {@code <base>/gwc/service/wmts}, or a WMS GetMap with
     * {@code TILED=true} for one tile of the grid at {@code <base>/gwc/service/wms}.
     */
    static Function<Tile, URI> geoServer(String base, Service service, String layer, TileGrid grid, String format) {
        return tile -> {
            String query;
            if (service == Service.WMTS) {
                query = "/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile&LAYER=" + encode(layer)
                        + "&STYLE=&TILEMATRIXSET=" + encode(grid.name()) + "&TILEMATRIX="
                        + encode(grid.name() + ":" + tile.z()) + "&TILEROW=" + grid.wmtsRow(tile) + "&TILECOL="
                        + tile.x();
            } else {
                double[] b = grid.bounds(tile);
                query = "/gwc/service/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&TILED=true&LAYERS=" + encode(layer)
                        + "&STYLES=&SRS=" + encode(grid.srs())
                        + String.format(Locale.ROOT, "&BBOX=%.10f,%.10f,%.10f,%.10f", b[0], b[1], b[2], b[3])
                        + "&WIDTH=256&HEIGHT=256";
            }
            return URI.create(base + query + "&FORMAT=" + encode(format));
        };
    }

    /**
     * Tiles from a URL template, as {@code benchmark/peers/peers.sh urls} prints them: {@code {layer}},
     * {@code {z}}, {@code {x}} and {@code {y}}, the row counted from the top (as WMTS and XYZ count it).
     */
    static Function<Tile, URI> template(String template, String layer, TileGrid grid) {
        for (String part : new String[] {"{layer}", "{z}", "{x}", "{y}"}) {
            if (!template.contains(part)) {
                throw new IllegalArgumentException("tile URL template " + template + " has no " + part);
            }
        }
        return tile -> URI.create(template.replace("{layer}", layer)
                .replace("{z}", Integer.toString(tile.z()))
                .replace("{x}", Long.toString(tile.x()))
                .replace("{y}", Long.toString(grid.wmtsRow(tile))));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** A client with its own connection pool, HTTP/1.1. */
    static HttpClient newHttpClient(Duration timeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
    }

    /** Asks for {@code tile} and waits for the whole answer, or for the timeout. */
    Answer fetch(Tile tile) throws IOException, InterruptedException {
        long start = System.nanoTime();
        try {
            return answer(start, http.send(request(tile), HttpResponse.BodyHandlers.ofByteArray()));
        } catch (HttpTimeoutException e) {
            return new Answer(System.nanoTime() - start, 0, null, true);
        }
    }

    /** Asks for {@code tile} without waiting for the answer. */
    CompletableFuture<Answer> send(Tile tile) {
        long start = System.nanoTime();
        return http.sendAsync(request(tile), HttpResponse.BodyHandlers.ofByteArray())
                .handle((response, failure) -> failure == null ? answer(start, response) : failed(start, failure));
    }

    /** Empties {@code layer}'s cache through GeoWebCache's REST API as {@code user} ("name:password"). */
    void truncate(String base, String layer, String user) throws IOException, InterruptedException {
        if (!user.contains(":")) {
            throw new IllegalArgumentException("--truncate needs --user name:password");
        }
        String body = "<truncateLayer><layerName>"
                + layer.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                + "</layerName></truncateLayer>";
        String credentials = Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/gwc/rest/masstruncate"))
                .timeout(timeout)
                .header("Content-Type", "text/xml")
                .header("Authorization", "Basic " + credentials)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(
                    "truncating " + layer + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private HttpRequest request(Tile tile) {
        return HttpRequest.newBuilder(uris.apply(tile)).timeout(timeout).GET().build();
    }

    private static Answer failed(long start, Throwable failure) {
        boolean timedOut =
                failure instanceof HttpTimeoutException || failure.getCause() instanceof HttpTimeoutException;
        return new Answer(System.nanoTime() - start, 0, null, timedOut);
    }

    private static Answer answer(long start, HttpResponse<byte[]> response) {
        long nanos = System.nanoTime() - start;
        String cache = response.headers().firstValue("geowebcache-cache-result").orElse(null);
        return new Answer(nanos, response.statusCode(), cache, false);
    }
}
