package io.github.metatilefanout.benchmark.objectstore;

import io.github.metatilefanout.benchmark.BenchmarkMain;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * S3Proxy 2.6.0, a real S3 API over jclouds' in-memory ("transient") blob store, run from its own jar as a child
 * process on 127.0.0.1 and accepting unsigned requests ({@code s3proxy.authorization=none}). The jar is the one
 * {@value #JAR_PROPERTY} names, else {@code s3proxy/s3proxy.jar} beside {@code benchmarks.jar} (or beside {@code
 * target/classes}), where the build copies it.
 */
public final class S3ProxyProcess implements AutoCloseable {

    public static final String JAR_PROPERTY = "benchmark.s3proxyJar";

    private final ChildProcess process;
    private final URI endpoint;

    private S3ProxyProcess(ChildProcess process, URI endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** S3Proxy on a free port, once it answers. */
    public static S3ProxyProcess start() throws IOException {
        Path jar = jar();
        if (!Files.isRegularFile(jar)) {
            throw new IOException("S3Proxy's jar is not at " + jar + ": `mvn package` in benchmark/ copies it there,"
                    + " or name it with -D" + JAR_PROPERTY + "=");
        }
        int port = ChildProcess.freePort();
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        Path properties = Files.createTempFile("metatile-fanout-s3proxy-", ".properties");
        try {
            Files.writeString(
                    properties,
                    String.join(
                            "\n",
                            "s3proxy.endpoint=" + endpoint,
                            "s3proxy.authorization=none",
                            "jclouds.provider=transient",
                            "jclouds.identity=benchmark",
                            "jclouds.credential=benchmark",
                            ""));
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ChildProcess process = ChildProcess.start(
                    "s3proxy",
                    List.of(java, "-Xmx1g", "-jar", jar.toString(), "--properties", properties.toString()),
                    Map.of("LOG_LEVEL", "warn"),
                    endpoint.resolve("/"));
            return new S3ProxyProcess(process, endpoint);
        } finally {
            Files.deleteIfExists(properties); // read once at its start
        }
    }

    static Path jar() {
        String configured = System.getProperty(JAR_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        try {
            // benchmark/target/benchmarks.jar or benchmark/target/classes
            Path code = Path.of(BenchmarkMain.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return code.toAbsolutePath().getParent().resolve("s3proxy").resolve("s3proxy.jar");
        } catch (URISyntaxException e) {
            throw new IllegalStateException("The benchmark's own location cannot be read", e);
        }
    }

    public URI endpoint() {
        return endpoint;
    }

    public int port() {
        return endpoint.getPort();
    }

    @Override
    public void close() {
        process.close();
    }
}
