package io.github.metatilefanout.benchmark.objectstore;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server run as a child process for one trial, its output in a temporary log file. It stops on {@link #close()},
 * or when the JVM exits, which deletes the log.
 */
final class ChildProcess implements AutoCloseable {

    /** The longest a server may take to answer its first request. */
    private static final Duration STARTUP = Duration.ofSeconds(30);

    private static final Duration STOP = Duration.ofSeconds(10);

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread atExit;

    private ChildProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.atExit = new Thread(this::stop, "stop " + name);
        Runtime.getRuntime().addShutdownHook(atExit);
    }

    /**
     * Starts {@code command} with {@code environment} added to this JVM's, and returns once a GET of {@code probe}
     * gets an answer ({@link #awaitAnswer}); stopped again if it does not.
     */
    static ChildProcess start(String name, List<String> command, Map<String, String> environment, URI probe)
            throws IOException {
        Path log = Files.createTempFile("metatile-fanout-" + name + "-", ".log");
        log.toFile().deleteOnExit();
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        ChildProcess child;
        try {
            child = new ChildProcess(name, builder.start(), log);
        } catch (IOException e) {
            throw new IOException("Cannot start " + name + " (" + String.join(" ", command) + ")", e);
        }
        try {
            child.awaitAnswer(probe);
            return child;
        } catch (IOException | RuntimeException e) {
            child.close();
            throw e;
        }
    }

    /** A port of 127.0.0.1 free a moment ago, for a server that cannot pick its own. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * Returns once a GET of {@code url} gets an HTTP answer, whatever its status, asking every 50 ms for at most 30 s;
     * fails at once, with the process's output, if the process ends.
     */
    private void awaitAnswer(URI url) throws IOException {
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(1))
                .build();
        HttpRequest request =
                HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + STARTUP.toNanos();
        try {
            while (true) {
                if (!process.isAlive()) {
                    throw new IOException(name + " ended (exit " + process.exitValue() + "): " + output());
                }
                try {
                    http.send(request, BodyHandlers.discarding());
                    return;
                } catch (IOException notYet) {
                    if (System.nanoTime() - deadline > 0) {
                        throw new IOException(
                                name + " did not answer " + url + " within " + STARTUP.toSeconds() + " s: " + output(),
                                notYet);
                    }
                }
                process.waitFor(50, TimeUnit.MILLISECONDS); // returns at once if it ends
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted waiting for " + name);
        }
    }

    /** Its output so far, for a failure's message. */
    String output() {
        try {
            return Files.readString(log).strip();
        } catch (IOException e) {
            return "(its output in " + log + " cannot be read: " + e + ")";
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException exiting) {
            return; // the hook stops it
        }
        stop();
    }

    /** Asks it to end, then kills it if it has not ended within 10 s. */
    private void stop() {
        CompletableFuture<Process> ended = process.onExit();
        process.destroy();
        try {
            ended.get(STOP.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
