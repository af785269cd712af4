package io.github.metatilefanout.gwc.s3;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Toxiproxy's server ({@code go install github.com/Shopify/toxiproxy/v2/cmd/server@latest}), started by the tests as
 * a process on 127.0.0.1 and driven over its HTTP API: a TCP proxy in front of the tests' S3 server whose latency
 * toxic delays every request on its way to the server, as the round trip to a cloud object store does. A put is in
 * the bucket only once its request has crossed the proxy.
 *
 * <p>Its binary is, in this order: system property {@code toxiproxy.server}, environment variable {@code
 * TOXIPROXY_SERVER}, {@code $GOPATH/bin/server}, {@code ~/go/bin/server}. Without it the tests fail under CI
 * ({@code CI=true}, where {@code .ci/run} installs it) and are skipped elsewhere, saying how to install it.
 */
public final class Toxiproxy implements AutoCloseable {

    static final String INSTALL = "go install github.com/Shopify/toxiproxy/v2/cmd/server@latest";
    private static final String PROXY = "s3";
    private static final String TOXIC = "latency";
    private static final Pattern LISTEN = Pattern.compile("\"listen\"\\s*:\\s*\"[^\"]*:(\\d+)\"");

    private final Process process;
    private final Path log;
    private final String api;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private int listenPort;

    private Toxiproxy(Process process, Path log, int apiPort) {
        this.process = process;
        this.log = log;
        this.api = "http://127.0.0.1:" + apiPort;
    }

    /** Toxiproxy's server on a free port of 127.0.0.1, once its API answers (at most 20 s). */
    static Toxiproxy start() throws IOException {
        Path binary = binary();
        int apiPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            apiPort = free.getLocalPort();
        }
        Path log = Files.createTempFile("toxiproxy-", ".log");
        Process process = new ProcessBuilder(
                        binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(apiPort))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        Toxiproxy toxiproxy = new Toxiproxy(process, log, apiPort);
        try {
            await().atMost(20, TimeUnit.SECONDS)
                    .pollInterval(Duration.ofMillis(50))
                    .ignoreException(ConnectException.class)
                    .until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("Toxiproxy's server ended: " + toxiproxy.output());
                        }
                        return toxiproxy.call("GET", "/version", null).statusCode() == 200;
                    });
        } catch (RuntimeException e) {
            toxiproxy.close();
            throw e;
        }
        return toxiproxy;
    }

    private static Path binary() {
        List<Path> candidates = new ArrayList<>();
        for (String configured :
                new String[] {System.getProperty("toxiproxy.server"), System.getenv("TOXIPROXY_SERVER")}) {
            if (configured != null && !configured.isBlank()) {
                candidates.add(Path.of(configured));
            }
        }
        String gopath = System.getenv("GOPATH");
        if (gopath != null && !gopath.isBlank()) {
            candidates.add(Path.of(gopath, "bin", "server"));
        }
        candidates.add(Path.of(System.getProperty("user.home"), "go", "bin", "server"));
        for (Path candidate : candidates) {
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        String message = "Toxiproxy's server not found (looked at " + candidates + "); install it with `" + INSTALL
                + "` or give its path as -Dtoxiproxy.server=";
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(message + " (.ci/run installs it when go is there)");
        }
        // surefire counts a class skipped in its set-up as no test run, without the reason: say it here too
        System.err.println("S3 tests skipped: " + message);
        Assumptions.abort(message);
        throw new AssertionError("unreachable");
    }

    /** Proxies 127.0.0.1:{@code upstreamPort}, every request delayed by {@code latency}; returns the proxy's port. */
    int proxy(int upstreamPort, Duration latency) throws IOException {
        HttpResponse<String> created = call(
                "POST",
                "/proxies",
                "{\"name\":\"%s\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"127.0.0.1:%d\",\"enabled\":true}"
                        .formatted(PROXY, upstreamPort));
        Matcher listen = LISTEN.matcher(created.body());
        if (created.statusCode() != 201 || !listen.find()) {
            throw new IOException("Toxiproxy did not create the proxy: " + created.statusCode() + " " + created.body());
        }
        listenPort = Integer.parseInt(listen.group(1));
        HttpResponse<String> toxic = call(
                "POST",
                "/proxies/" + PROXY + "/toxics",
                ("{\"name\":\"%s\",\"type\":\"latency\",\"stream\":\"upstream\",\"toxicity\":1.0,"
                                + "\"attributes\":{\"latency\":%d,\"jitter\":0}}")
                        .formatted(TOXIC, latency.toMillis()));
        if (toxic.statusCode() != 200) {
            throw new IOException("Toxiproxy did not add the latency: " + toxic.statusCode() + " " + toxic.body());
        }
        return listenPort;
    }

    /**
     * Delays every request crossing the proxy from now on by {@code latency}. Requests the previous latency is
     * holding go on at once (Toxiproxy forwards them when the toxic changes), then take the new one.
     */
    public void latency(Duration latency) throws IOException {
        HttpResponse<String> updated = call(
                "POST",
                "/proxies/" + PROXY + "/toxics/" + TOXIC,
                "{\"attributes\":{\"latency\":%d,\"jitter\":0}}".formatted(latency.toMillis()));
        if (updated.statusCode() != 200) {
            throw new IOException(
                    "Toxiproxy did not change the latency: " + updated.statusCode() + " " + updated.body());
        }
    }

    /** The port S3 clients connect to. */
    public int listenPort() {
        return listenPort;
    }

    private HttpResponse<String> call(String method, String path, String json) throws IOException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(10));
        request.method(
                method,
                json == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted calling Toxiproxy", e);
        }
    }

    private String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(its log " + log + " cannot be read: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // a temporary file left
        }
    }
}
