package io.github.metatilefanout.benchmark.objectstore;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The object store benchmarks' tile store: one object per tile in a bucket of an S3-compatible server that takes
 * unsigned requests, over plain HTTP/1.1 with the JDK's client (one connection per request in flight), key {@code
 * <layer>/<gridSet>/<format>/<parametersId or "default">/<z>/<x>/<y>.<format>}. A put is one PUT, a lookup one GET
 * (404: not stored), as GeoWebCache's S3 blob store does with no listener registered.
 */
public final class S3TileStore implements TileStore {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int MAX_PAGES = 1000;
    private static final Pattern KEY_COUNT = Pattern.compile("<KeyCount>(\\d+)</KeyCount>");
    private static final Pattern NEXT_PAGE = Pattern.compile("<NextContinuationToken>([^<]+)</NextContinuationToken>");

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    /** The bucket, {@code http://host:port/name}, and the base of its keys, {@code http://host:port/name/}. */
    private final URI bucket;

    private final URI keys;

    /** The bucket {@code name} of the server at {@code endpoint} ({@code http://host:port}). */
    public S3TileStore(URI endpoint, String name) {
        this.bucket = endpoint.resolve("/" + name);
        this.keys = endpoint.resolve("/" + name + "/");
    }

    /** Creates the bucket. */
    public void createBucket() throws IOException {
        send(HttpRequest.newBuilder(bucket).PUT(BodyPublishers.noBody()), BodyHandlers.ofString(), 200);
    }

    @Override
    public StoredTile get(TileKey tile) throws IOException {
        HttpResponse<byte[]> response =
                send(HttpRequest.newBuilder(keys.resolve(key(tile))).GET(), BodyHandlers.ofByteArray(), 200, 404);
        return response.statusCode() == 404 ? null : StoredTile.of(response.body());
    }

    @Override
    public void put(TileKey tile, byte[] data) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(keys.resolve(key(tile)))
                .header("Content-Type", "image/" + tile.format())
                .PUT(BodyPublishers.ofByteArray(data));
        send(request, BodyHandlers.discarding(), 200);
    }

    @Override
    public StoredTile getTransient(TileKey tile) {
        return null;
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        throw new UnsupportedOperationException("Every tile of the object store benchmarks is persisted, not " + tile);
    }

    /** The objects whose key starts with {@code prefix}, listed a page of up to 1000 at a time. */
    public long count(String prefix) throws IOException {
        long count = 0;
        String page = null;
        for (int pages = 0; pages < MAX_PAGES; pages++) {
            String query = "?list-type=2&prefix=" + encoded(prefix)
                    + (page == null ? "" : "&continuation-token=" + encoded(page));
            String listing = send(HttpRequest.newBuilder(keys.resolve(query)).GET(), BodyHandlers.ofString(), 200)
                    .body();
            Matcher found = KEY_COUNT.matcher(listing);
            if (!found.find()) {
                throw new IOException("No KeyCount in the listing of " + keys + query + ": " + listing);
            }
            count += Long.parseLong(found.group(1));
            Matcher next = NEXT_PAGE.matcher(listing);
            if (!listing.contains("<IsTruncated>true</IsTruncated>") || !next.find()) {
                return count;
            }
            page = next.group(1);
        }
        throw new IOException("More than " + MAX_PAGES + " pages of objects under " + prefix + " in " + bucket);
    }

    /** The object key of {@code tile}; characters other than letters, digits, {@code . _ -} become {@code _}. */
    static String key(TileKey tile) {
        Stream<Object> parts = Stream.of(
                tile.layer(),
                tile.gridSet(),
                tile.format(),
                tile.parametersId() == null ? "default" : tile.parametersId(),
                tile.z(),
                tile.x(),
                tile.y() + "." + tile.format());
        return parts.map(part -> part.toString().replaceAll("[^A-Za-z0-9._-]", "_"))
                .collect(Collectors.joining("/"));
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder request, BodyHandler<T> body, int... expected)
            throws IOException {
        HttpRequest built = request.timeout(TIMEOUT).build();
        try {
            HttpResponse<T> response = http.send(built, body);
            for (int status : expected) {
                if (response.statusCode() == status) {
                    return response;
                }
            }
            throw new IOException(built.method() + " " + built.uri() + " answered " + response.statusCode()
                    + (response.body() instanceof String text ? ": " + text : ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(built.method() + " " + built.uri() + " interrupted");
        }
    }
}
