package io.github.metatilefanout.gwc.s3;

import com.amazonaws.auth.AWSStaticCredentialsProvider;
import com.amazonaws.auth.BasicAWSCredentials;
import com.amazonaws.client.builder.AwsClientBuilder.EndpointConfiguration;
import com.amazonaws.services.s3.AmazonS3;
import com.amazonaws.services.s3.AmazonS3ClientBuilder;
import com.amazonaws.services.s3.model.ListObjectsV2Request;
import com.amazonaws.services.s3.model.ListObjectsV2Result;
import com.amazonaws.services.s3.model.S3Object;
import com.amazonaws.services.s3.model.S3ObjectSummary;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real S3-compatible server for the tests, S3Proxy over jclouds' in-memory ("transient") blob store, on 127.0.0.1,
 * accepting any credentials. It runs in the tests' JVM, loaded from its own jar (system property {@code s3proxy.jar},
 * which the build sets) by a class loader of its own, so that its Jetty 11 and Servlet 5 never meet the Servlet 6
 * classes of GeoWebCache or GeoServer. Its own client, straight to the server (never through a proxy), reads what a bucket holds.
 */
public final class S3Server implements AutoCloseable {

    public static final String ACCESS_KEY = "metatile-fanout";
    public static final String SECRET_KEY = "not-a-secret";

    private final URLClassLoader loader;
    private final Object s3Proxy;
    private final int port;
    private final AmazonS3 client;

    private S3Server(URLClassLoader loader, Object s3Proxy, int port) {
        this.loader = loader;
        this.s3Proxy = s3Proxy;
        this.port = port;
        this.client = client(endpoint());
    }

    /** An S3 client of AWS's SDK to {@code endpoint} (path-style, this server's credentials); shut it down after use. */
    public static AmazonS3 client(String endpoint) {
        return AmazonS3ClientBuilder.standard()
                .withEndpointConfiguration(new EndpointConfiguration(endpoint, "us-east-1"))
                .withPathStyleAccessEnabled(true)
                .withCredentials(new AWSStaticCredentialsProvider(new BasicAWSCredentials(ACCESS_KEY, SECRET_KEY)))
                .build();
    }

    public static S3Server start() throws Exception {
        String jarProperty = System.getProperty("s3proxy.jar");
        if (jarProperty == null || !Files.isRegularFile(Path.of(jarProperty))) {
            throw new IllegalStateException("S3Proxy's jar not found at system property s3proxy.jar (" + jarProperty
                    + "): the build copies it to target/s3proxy/s3proxy.jar (the parent pom's maven-dependency-plugin"
                    + " execution s3proxy, phase process-test-resources)");
        }
        URLClassLoader loader = new URLClassLoader(
                "s3proxy", new URL[] {Path.of(jarProperty).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Class<?> contextBuilder = loader.loadClass("org.jclouds.ContextBuilder");
            Class<?> blobStoreContext = loader.loadClass("org.jclouds.blobstore.BlobStoreContext");
            Object context = contextBuilder
                    .getMethod("build", Class.class)
                    .invoke(
                            contextBuilder.getMethod("newBuilder", String.class).invoke(null, "transient"),
                            blobStoreContext);
            Object blobStore = blobStoreContext.getMethod("getBlobStore").invoke(context);

            Class<?> s3ProxyClass = loader.loadClass("org.gaul.s3proxy.S3Proxy");
            Class<?> builderClass = loader.loadClass("org.gaul.s3proxy.S3Proxy$Builder");
            Class<?> authentication = loader.loadClass("org.gaul.s3proxy.AuthenticationType");
            Object builder = s3ProxyClass.getMethod("builder").invoke(null);
            builderClass
                    .getMethod("blobStore", loader.loadClass("org.jclouds.blobstore.BlobStore"))
                    .invoke(builder, blobStore);
            builderClass.getMethod("endpoint", URI.class).invoke(builder, URI.create("http://127.0.0.1:0"));
            builderClass
                    .getMethod("awsAuthentication", authentication, String.class, String.class)
                    .invoke(builder, authentication.getField("NONE").get(null), ACCESS_KEY, SECRET_KEY);
            Object s3Proxy = builderClass.getMethod("build").invoke(builder);
            s3ProxyClass.getMethod("start").invoke(s3Proxy);
            int port = (int) s3ProxyClass.getMethod("getPort").invoke(s3Proxy);
            return new S3Server(loader, s3Proxy, port);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    int port() {
        return port;
    }

    /** The URL of the server itself, without the proxy. */
    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** Every object of {@code bucket} by key, in key order; an empty map if the bucket does not exist. */
    public Map<String, byte[]> objects(String bucket) throws IOException {
        return objects(bucket, "");
    }

    /** The objects of {@code bucket} whose keys end with {@code suffix}, by key, in key order. */
    public Map<String, byte[]> objects(String bucket, String suffix) throws IOException {
        Map<String, byte[]> objects = new LinkedHashMap<>();
        for (String key : keys(bucket, suffix)) {
            try (S3Object object = client.getObject(bucket, key);
                    InputStream content = object.getObjectContent()) {
                objects.put(key, content.readAllBytes());
            }
        }
        return objects;
    }

    /** The keys of {@code bucket} ending with {@code suffix}, such as {@code ".png"} for the tiles. */
    public List<String> keys(String bucket, String suffix) {
        return keys(bucket).stream().filter(key -> key.endsWith(suffix)).toList();
    }

    /** Every key of {@code bucket}, in key order (at most 100 pages of 1000); none if the bucket does not exist. */
    public List<String> keys(String bucket) {
        List<String> keys = new ArrayList<>();
        if (!client.doesBucketExistV2(bucket)) {
            return keys;
        }
        ListObjectsV2Request request = new ListObjectsV2Request().withBucketName(bucket);
        for (int page = 0; page < 100; page++) {
            ListObjectsV2Result result = client.listObjectsV2(request);
            for (S3ObjectSummary summary : result.getObjectSummaries()) {
                keys.add(summary.getKey());
            }
            if (!result.isTruncated()) {
                return keys;
            }
            request.setContinuationToken(result.getNextContinuationToken());
        }
        throw new IllegalStateException("more than 100 pages of keys in " + bucket);
    }

    @Override
    public void close() throws Exception {
        client.shutdown();
        Method stop = s3Proxy.getClass().getMethod("stop");
        stop.invoke(s3Proxy);
        loader.close();
    }
}
