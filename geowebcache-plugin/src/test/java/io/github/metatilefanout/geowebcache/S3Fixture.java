package io.github.metatilefanout.geowebcache;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class ({@code @RegisterExtension static}): the tests' S3 server ({@link S3Server}) behind Toxiproxy
 * ({@link Toxiproxy}) adding {@link #LATENCY} to every request, started once; GeoWebCache's S3 blob store
 * configurations on it, each GeoWebCache in a bucket of its own.
 */
final class S3Fixture implements BeforeAllCallback, AfterAllCallback {

    /** What Toxiproxy adds to every request to S3: the "tens of milliseconds" AWS gives for a small object. */
    static final Duration LATENCY = Duration.ofMillis(40);

    private final AtomicInteger buckets = new AtomicInteger();
    private S3Server s3;
    private Toxiproxy toxiproxy;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        s3 = S3Server.start();
        try {
            toxiproxy = Toxiproxy.start();
            toxiproxy.proxy(s3.port(), LATENCY);
        } catch (Throwable e) {
            afterAll(context);
            throw e;
        }
    }

    S3Server s3() {
        return s3;
    }

    Toxiproxy toxiproxy() {
        return toxiproxy;
    }

    /** A bucket name not used before in this JVM. */
    String newBucket() {
        return "tiles-" + buckets.incrementAndGet();
    }

    /**
     * GeoWebCache's S3 blob store on {@code bucket}, through the proxy, the default blob store: the elements of
     * {@code <blobStores>} for {@link WmtsTiles#configuration(String, String, String)}. Its access is public (canned
     * ACL public-read): GeoWebCache sends "private" as bucket-owner-full-control, which S3Proxy does not implement.
     */
    String blobStore(String bucket) {
        return """
                <S3BlobStore default="true">
                  <id>s3</id>
                  <enabled>true</enabled>
                  <bucket>%s</bucket>
                  <prefix>gwc</prefix>
                  <awsAccessKey>%s</awsAccessKey>
                  <awsSecretKey>%s</awsSecretKey>
                  <access>PUBLIC</access>
                  <maxConnections>50</maxConnections>
                  <useHTTPS>false</useHTTPS>
                  <endpoint>http://127.0.0.1:%d</endpoint>
                  <useGzip>false</useGzip>
                </S3BlobStore>"""
                .formatted(bucket, S3Server.ACCESS_KEY, S3Server.SECRET_KEY, toxiproxy.listenPort());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (toxiproxy != null) {
            toxiproxy.close();
            toxiproxy = null;
        }
        if (s3 != null) {
            s3.close();
            s3 = null;
        }
    }
}
