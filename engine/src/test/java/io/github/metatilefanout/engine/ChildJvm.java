package io.github.metatilefanout.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A JVM started from a test with the test's classpath, running {@code main} of a test class; its output
 * lines are read as they come. Closing it kills it (SIGKILL) if it still runs.
 */
final class ChildJvm implements AutoCloseable {

    private final Process process;
    private final BlockingQueue<String> unread = new LinkedBlockingQueue<>();
    private final List<String> printed = new CopyOnWriteArrayList<>();

    private ChildJvm(Process process, String name) {
        this.process = process;
        Thread reader = new Thread(this::readOutput, name + " output");
        reader.setDaemon(true);
        reader.start();
    }

    static ChildJvm start(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        return new ChildJvm(
                process,
                main.getSimpleName() + " " + String.join(" ", Stream.of(args).toList()));
    }

    /**
     * Waits until the child prints {@code expected} as a line, until {@code deadline} ({@link
     * System#nanoTime()}).
     *
     * @return whether it did
     */
    boolean awaitLine(String expected, long deadline) throws InterruptedException {
        for (String line;
                (line = unread.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) != null; ) {
            if (line.equals(expected)) {
                return true;
            }
        }
        return false;
    }

    /** Sends {@code line} to the child's standard input. */
    void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Waits for the child to end, until {@code deadline}; returns whether it has. */
    boolean awaitEnd(long deadline) throws InterruptedException {
        return process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    int exitValue() {
        return process.exitValue();
    }

    /** Everything the child printed so far, for failure messages. */
    String output() {
        return String.join("\n", printed);
    }

    /** Kills the child at once (SIGKILL), as {@code kill -9} does, and waits up to ten seconds for it to end. */
    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private void readOutput() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                printed.add(line);
                unread.add(line);
            }
        } catch (IOException e) {
            printed.add("(output unreadable: " + e + ")");
        }
    }
}
