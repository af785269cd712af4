package io.github.metatilefanout.benchmark.objectstore;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Toxiproxy's server as a child process on 127.0.0.1: one TCP proxy in front of a port, optionally with a latency
 * toxic that holds every request on its way to the server for a fixed time, the round trip of a cloud object store.
 * Its binary is the one {@value #BINARY_PROPERTY} names (then only that one), else {@code $TOXIPROXY_SERVER}, else
 * {@code bin/server} in each {@code $GOPATH} folder, else {@code ~/go/bin/server} (go's default GOPATH), where
 * {@value #INSTALL} puts it.
 */
public final class ToxiproxyProcess implements AutoCloseable {

    public static final String BINARY_PROPERTY = "benchmark.toxiproxy";

    public static final String INSTALL = "go install github.com/Shopify/toxiproxy/v2/cmd/server@latest";

    private static final Pattern PORT = Pattern.compile("\"listen\"\\s*:\\s*\"[^\"]*:(\\d+)\"");

    private final ChildProcess process;
    private final URI api;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private ToxiproxyProcess(ChildProcess process, URI api) {
        this.process = process;
        this.api = api;
    }

    /** The server binary, if this machine has it. */
    public static Optional<Path> binary() {
        return candidates().stream().filter(Files::isExecutable).findFirst();
    }

    /** Why there is no Toxiproxy here, and how to get it, in one sentence. */
    public static String missing() {
        return "Toxiproxy's server not found (looked at " + candidates() + "); install it with `" + INSTALL
                + "` or name it with -D" + BINARY_PROPERTY + "=";
    }

    private static List<Path> candidates() {
        String configured = System.getProperty(BINARY_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return List.of(Path.of(configured));
        }
        List<Path> candidates = new ArrayList<>();
        String variable = System.getenv("TOXIPROXY_SERVER");
        if (variable != null && !variable.isBlank()) {
            candidates.add(Path.of(variable));
        }
        for (String folder : System.getenv().getOrDefault("GOPATH", "").split(":")) {
            if (!folder.isBlank()) {
                candidates.add(Path.of(folder, "bin", "server"));
            }
        }
        candidates.add(Path.of(System.getProperty("user.home"), "go", "bin", "server"));
        return candidates;
    }

    /** The server, once its API answers. */
    public static ToxiproxyProcess start() throws IOException {
        Path binary = binary().orElseThrow(() -> new IOException(missing()));
        int port = ChildProcess.freePort();
        URI api = URI.create("http://127.0.0.1:" + port);
        ChildProcess process = ChildProcess.start(
                "toxiproxy",
                List.of(binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(port)),
                Map.of(),
                api.resolve("/version"));
        return new ToxiproxyProcess(process, api);
    }

    /**
     * A proxy of 127.0.0.1:{@code upstreamPort} on a free port, returned, that holds every request for {@code
     * latency} (none at zero) before passing it on; answers come back at once.
     */
    public int proxy(int upstreamPort, Duration latency) throws IOException {
        String proxy = "{\"name\":\"store\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"127.0.0.1:" + upstreamPort
                + "\",\"enabled\":true}";
        HttpResponse<String> created = post("/proxies", proxy, 201);
        Matcher port = PORT.matcher(created.body());
        if (!port.find()) {
            throw new IOException("Toxiproxy named no port for its proxy: " + created.body());
        }
        if (!latency.isZero()) {
            String toxic = "{\"type\":\"latency\",\"stream\":\"upstream\",\"toxicity\":1.0,\"attributes\":{\"latency\":"
                    + latency.toMillis() + ",\"jitter\":0}}";
            post("/proxies/store/toxics", toxic, 200);
        }
        return Integer.parseInt(port.group(1));
    }

    private HttpResponse<String> post(String path, String json, int expected) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(api.resolve(path))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json))
                .build();
        try {
            HttpResponse<String> response = http.send(request, BodyHandlers.ofString());
            if (response.statusCode() != expected) {
                throw new IOException("Toxiproxy answered " + response.statusCode() + " to POST " + path + " " + json
                        + ": " + response.body());
            }
            return response;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted calling Toxiproxy");
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
