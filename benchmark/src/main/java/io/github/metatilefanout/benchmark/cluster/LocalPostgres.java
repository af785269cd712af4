package io.github.metatilefanout.benchmark.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the machine's own installation, started for one trial and deleted after it: {@code
 * initdb} into a new temporary folder, then {@code pg_ctl start}, listening on 127.0.0.1 only (its socket in
 * that folder), with the settings an embedded test server has ({@code synchronous_commit=off}, UTC).
 *
 * <p>The binaries are the {@code initdb}, {@code pg_ctl} and {@code postgres} of the folder {@value
 * #BIN_PROPERTY} names, else of the newest {@code /usr/lib/postgresql/<version>/bin} (Debian's and Ubuntu's
 * {@code postgresql} package), else of the {@code PATH}. PostgreSQL refuses to run as root: a root process
 * runs them as the {@code postgres} user those packages create.
 */
final class LocalPostgres implements AutoCloseable {

    static final String BIN_PROPERTY = "benchmark.postgresBin";

    private static final Path DEBIAN = Path.of("/usr/lib/postgresql");
    private static final String SUPERUSER = "postgres";
    private static final long STOP_SECONDS = 60;

    private final Path bin;
    private final Path folder;
    private final int port;
    private final Thread atExit = new Thread(this::stopAndDeleteQuietly, "stop PostgreSQL");

    private LocalPostgres(Path bin, Path folder, int port) {
        this.bin = bin;
        this.folder = folder;
        this.port = port;
    }

    /** The folder of the machine's PostgreSQL binaries, if it has them. */
    static Optional<Path> binaries() {
        String configured = System.getProperty(BIN_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(LocalPostgres::hasServer);
        }
        List<Path> candidates = new ArrayList<>();
        if (Files.isDirectory(DEBIAN)) {
            try (Stream<Path> versions = Files.list(DEBIAN)) {
                versions.map(v -> v.resolve("bin"))
                        .sorted(Comparator.comparing(LocalPostgres::majorVersion)
                                .reversed())
                        .forEach(candidates::add);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + DEBIAN, e);
            }
        }
        for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!entry.isEmpty()) {
                candidates.add(Path.of(entry));
            }
        }
        return candidates.stream().filter(LocalPostgres::hasServer).findFirst();
    }

    /** Creates a database cluster with {@code bin}'s binaries and starts it on {@code port} (0: a free one). */
    static LocalPostgres start(Path bin, int port) throws IOException {
        Path folder = Files.createTempDirectory("metatile-fanout-postgres-");
        LocalPostgres server = new LocalPostgres(bin, folder, port == 0 ? freePort() : port);
        try {
            if (asRoot()) {
                UserPrincipal owner =
                        folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SUPERUSER);
                Files.setOwner(folder, owner);
            }
            server.run("initdb", "-A", "trust", "-U", SUPERUSER, "-E", "UTF-8", "-D", server.data());
            Runtime.getRuntime().addShutdownHook(server.atExit);
            server.run(
                    "pg_ctl",
                    "-D",
                    server.data(),
                    "-l",
                    folder.resolve("postgres.log").toString(),
                    "-w",
                    "-o",
                    "-p " + server.port + " -k " + folder + " -c listen_addresses=127.0.0.1"
                            + " -c max_connections=200 -c synchronous_commit=off -c timezone=UTC",
                    "start");
            return server;
        } catch (IOException | RuntimeException e) {
            try {
                server.close();
            } catch (IOException | RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** The JDBC URL of its {@code postgres} database, as the superuser. */
    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + SUPERUSER;
    }

    /** Stops the server and deletes its folder; a JVM that exits without closing it does the same. */
    @Override
    public void close() throws IOException {
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook does it
            return;
        }
        stopAndDelete();
    }

    private void stopAndDelete() throws IOException {
        if (Files.exists(folder.resolve("data").resolve("postmaster.pid"))) {
            run("pg_ctl", "-D", data(), "-m", "fast", "-w", "stop");
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }

    private void stopAndDeleteQuietly() {
        try {
            stopAndDelete();
        } catch (IOException | RuntimeException e) {
            System.err.println("Could not stop PostgreSQL in " + folder + ": " + e);
        }
    }

    private String data() {
        return folder.resolve("data").toString();
    }

    /** Runs one of the binaries to its end, as the {@code postgres} user under root. */
    private void run(String program, String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        if (asRoot()) {
            command.addAll(List.of("runuser", "-u", SUPERUSER, "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        Path output = folder.resolve(program + ".out");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        try {
            if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(program + " did not finish within " + STOP_SECONDS + " s: see " + output);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(program + " interrupted", e);
        }
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + process.exitValue() + "): "
                    + Files.readString(output).strip());
        }
    }

    private static boolean hasServer(Path folder) {
        return Stream.of("initdb", "pg_ctl", "postgres").allMatch(p -> Files.isExecutable(folder.resolve(p)));
    }

    private static int majorVersion(Path bin) {
        String name = bin.getParent().getFileName().toString();
        return name.matches("\\d+") ? Integer.parseInt(name) : -1;
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
