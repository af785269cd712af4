package io.github.metatilefanout.gwc.s3;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.geowebcache.s3.Access;
import org.geowebcache.s3.S3BlobStoreInfo;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The tests' S3 server ({@link S3Server}) behind Toxiproxy ({@link Toxiproxy}) adding {@link #LATENCY} to every
 * request, started once for a test class; GeoWebCache's S3 blob store configurations on it, each test in a bucket of
 * its own. A JUnit 5 extension ({@code @RegisterExtension static}); JUnit 4 classes call {@link #start()} and {@link
 * #stop()} themselves. Without Toxiproxy's server {@link #start()} aborts (see {@link Toxiproxy}).
 */
public final class S3Fixture implements BeforeAllCallback, AfterAllCallback {

    /** What Toxiproxy adds to every request to S3: the "tens of milliseconds" AWS gives for a small object. */
    public static final Duration LATENCY = Duration.ofMillis(40);

    private final AtomicInteger buckets = new AtomicInteger();
    private S3Server s3;
    private Toxiproxy toxiproxy;

    /**
     * Starts the server and the proxy; throws opentest4j's {@code TestAbortedException} when Toxiproxy's server is not
     * installed (outside CI).
     */
    public void start() throws Exception {
        s3 = S3Server.start();
        try {
            toxiproxy = Toxiproxy.start();
            toxiproxy.proxy(s3.port(), LATENCY);
        } catch (Throwable e) {
            stop();
            throw e;
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    /** The server itself, to read buckets straight from it. */
    public S3Server s3() {
        return s3;
    }

    public Toxiproxy toxiproxy() {
        return toxiproxy;
    }

    /** A bucket name not used before in this JVM. */
    public String newBucket() {
        return "tiles-" + buckets.incrementAndGet();
    }

    /**
     * GeoWebCache's S3 blob store {@code id} on {@code bucket}, through the proxy, enabled, not the default. Its
     * access is public (canned ACL public-read): GeoWebCache sends "private" as bucket-owner-full-control, which
     * S3Proxy does not implement.
     */
    public S3BlobStoreInfo blobStore(String id, String bucket) {
        S3BlobStoreInfo store = new S3BlobStoreInfo(id);
        store.setEnabled(true);
        store.setBucket(bucket);
        store.setPrefix("gwc");
        store.setAwsAccessKey(S3Server.ACCESS_KEY);
        store.setAwsSecretKey(S3Server.SECRET_KEY);
        store.setAccess(Access.PUBLIC);
        store.setMaxConnections("50");
        store.setUseHTTPS("false");
        store.setEndpoint("http://127.0.0.1:" + toxiproxy.listenPort());
        store.setUseGzip("false");
        return store;
    }

    /** Stops the proxy and the server, those started. */
    public void stop() throws Exception {
        if (toxiproxy != null) {
            toxiproxy.close();
            toxiproxy = null;
        }
        if (s3 != null) {
            s3.close();
            s3 = null;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
    }
}
