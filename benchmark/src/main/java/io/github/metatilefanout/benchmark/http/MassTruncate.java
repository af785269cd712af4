package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** Empties a tile layer's cache through GeoWebCache's REST API: {@code POST <base>/gwc/rest/masstruncate}. */
final class MassTruncate {

    private MassTruncate() {}

    /** Truncates {@code layer} as {@code user} ("name:password"); fails unless the server answers 200. */
    static void truncate(HttpClient http, String base, String layer, String user, Duration timeout)
            throws IOException, InterruptedException {
        if (user.isEmpty() || !user.contains(":")) {
            throw new IllegalArgumentException("--truncate needs --user name:password");
        }
        String body = "<truncateLayer><layerName>" + escape(layer) + "</layerName></truncateLayer>";
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/gwc/rest/masstruncate"))
                .timeout(timeout)
                .header("Content-Type", "text/xml")
                .header(
                        "Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(
                    "truncating " + layer + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
