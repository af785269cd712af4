package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** The servers of {@code benchmark/peers}, as {@code peers.sh} reports them. */
public final class PeerServers {

    /** The WMS every cache renders from. */
    public static final String BACKEND = "mapserver";

    /** MapServer's own processes. */
    public static final String BACKEND_PROCESSES = "mapserv";

    /** A GetMap's line in MapServer's access log. */
    public static final String GETMAP_PATTERN = "(?i)[?&]request=getmap[& ]";

    private final Path script;

    public PeerServers(Path script) {
        this.script = script;
    }

    public Set<String> running() throws IOException, InterruptedException {
        return running(run("status"));
    }

    /** The WMS's address, and each cache's tile URL template. */
    public Map<String, String> urls() throws IOException, InterruptedException {
        return fields(run("urls"), 3, 2);
    }

    /** CPU time so far of each server's processes, in ms. */
    public Map<String, Long> cpu() throws IOException, InterruptedException {
        return cpu(run("cpu"));
    }

    /** MapServer's access log, in {@code PEERS_WORK} as the script reads it (default {@code ../target/peers}). */
    public Path accessLog(String peersWork) {
        Path work = peersWork != null
                ? Path.of(peersWork)
                : script.toAbsolutePath().getParent().resolve("../target/peers");
        return work.resolve("logs/mapserver-access.log").normalize();
    }

    /** {@code peers.sh status}: "NAME up, port ..." per running server. */
    static Set<String> running(String status) {
        Set<String> names = new LinkedHashSet<>();
        status.lines()
                .filter(line -> line.contains(" up"))
                .forEach(line -> names.add(line.substring(0, line.indexOf(' '))));
        return names;
    }

    static Map<String, Long> cpu(String cpu) {
        Map<String, Long> millis = new LinkedHashMap<>();
        fields(cpu, 2, 1).forEach((name, value) -> millis.put(name, Long.parseLong(value)));
        return millis;
    }

    /** Field {@code value} by field 0, from lines of exactly {@code count} fields. */
    static Map<String, String> fields(String text, int count, int value) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            String[] words = line.trim().split(" +");
            if (words.length != count) {
                throw new IllegalArgumentException("peers.sh printed '" + line + "'; expected " + count + " fields");
            }
            found.put(words[0], words[value]);
        }
        return found;
    }

    private String run(String command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(script.toString(), command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        byte[] printed = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroy();
            throw new IOException(script + " " + command + " failed");
        }
        return new String(printed, StandardCharsets.UTF_8);
    }
}
