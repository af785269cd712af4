package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.s3.AmazonS3;
import io.github.metatilefanout.gwc.s3.S3Fixture;
import io.github.metatilefanout.gwc.s3.S3Server;
import io.github.metatilefanout.gwc.s3.Toxiproxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.s3.S3BlobStoreInfo;
import org.geowebcache.seed.GWCTask;
import org.geowebcache.storage.BlobStoreAggregator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin in a standalone GeoWebCache whose tiles go to GeoWebCache's own S3 blob store ({@code gwc-aws-s3}), on a
 * real S3 server ({@link S3Server}) {@link S3Fixture#LATENCY} away ({@link Toxiproxy}). Tiles are counted and read
 * in the bucket itself, straight from the server.
 */
class S3BlobStoreTest {

    @RegisterExtension
    static final S3Fixture s3 = new S3Fixture();

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    /** The other tests' premise: a request to S3 through the proxy takes at least the added latency. */
    @Test
    void aPutThroughTheProxyTakesAtLeastTheAddedLatency() throws Exception {
        AmazonS3 throughProxy =
                S3Server.client("http://127.0.0.1:" + s3.toxiproxy().listenPort());
        try {
            String bucket = s3.newBucket();
            throughProxy.createBucket(bucket);
            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long start = System.nanoTime();
                throughProxy.putObject(bucket, "put-" + i, "a tile's bytes");
                millis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            }
            System.out.println(
                    "S3 put through the proxy at " + S3Fixture.LATENCY.toMillis() + " ms added: " + millis + " ms");
            assertTrue(millis.stream().allMatch(ms -> ms >= S3Fixture.LATENCY.toMillis()), millis.toString());
            assertEquals(5, s3.s3().keys(bucket).size());
        } finally {
            throughProxy.shutdown();
        }
    }

    @Test
    void sixteenSimultaneousSiblingRequestsCauseOneGetMapAndEveryTileIsInTheBucketWhenTheJobEnds() throws Exception {
        String bucket = s3.newBucket();
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(), "recordingLock", defaultBlobStore(bucket));
        assertEquals(List.of("s3"), gwc.bean(BlobStoreAggregator.class).getBlobStoreNames());
        assertInstanceOf(
                FanoutWMSLayer.class, gwc.bean(TileLayerDispatcher.class).getTileLayer(WORLD));
        int getMapsBefore = fixture.wms().getMaps();
        List<Callable<MockHttpServletResponse>> siblings = new ArrayList<>();
        for (long x = 4; x < 8; x++) {
            for (long y = 0; y < 4; y++) {
                String path = WmtsTiles.getTile(WORLD, PNG, x, y, 2);
                siblings.add(() -> gwc.get(path));
            }
        }

        for (MockHttpServletResponse response : Together.call(siblings)) {
            assertEquals(200, response.getStatus(), response.getContentAsString());
            assertEquals(PNG, response.getContentType());
        }

        assertEquals(1, fixture.wms().getMaps() - getMapsBefore, "GetMaps");
        gwc.awaitIdle();
        assertEquals(16, s3.s3().keys(bucket, ".png").size(), "tiles in the bucket when the job ended");
        for (long x = 4; x < 8; x++) {
            for (long y = 0; y < 4; y++) {
                assertTrue(gwc.stored(WORLD, PNG, x, y, 2), x + "," + y + " stored");
            }
        }
        assertEquals(1, gwc.metrics().getRenders());
        assertEquals(0, gwc.metrics().getStoreFailures());
    }

    /**
     * Every tile of zoom 2 (two metatiles) asked for, one after the other, from GeoWebCache with and without the
     * plugin, each in a bucket of its own: the same answers, the same GetMaps, and the same tile objects in the two
     * buckets, key for key and byte for byte.
     */
    @Test
    void theBucketsTileObjectsAreByteIdenticalToStocks() throws Exception {
        String stockBucket = s3.newBucket();
        StandaloneGeoWebCache stock = fixture.stock(defaultBlobStore(stockBucket));
        int getMapsBefore = fixture.wms().getMaps();
        long stockStart = System.nanoTime();
        Map<String, byte[]> stockAnswers = everyTileOfZoom2(stock);
        long stockMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stockStart);
        assertEquals(2, fixture.wms().getMaps() - getMapsBefore, "stock: one GetMap per metatile");
        Map<String, byte[]> stockObjects = s3.s3().objects(stockBucket, ".png");

        String pluginBucket = s3.newBucket();
        StandaloneGeoWebCache plugin = fixture.withPlugin(Map.of(), "recordingLock", defaultBlobStore(pluginBucket));
        getMapsBefore = fixture.wms().getMaps();
        long pluginStart = System.nanoTime();
        Map<String, byte[]> pluginAnswers = everyTileOfZoom2(plugin);
        long pluginMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - pluginStart);
        assertEquals(2, fixture.wms().getMaps() - getMapsBefore, "plugin: one GetMap per metatile");
        plugin.awaitIdle();
        System.out.println("S3 at " + S3Fixture.LATENCY.toMillis() + " ms added, the 32 tiles of zoom 2 one after the"
                + " other: stock " + stockMillis + " ms, plugin " + pluginMillis + " ms");

        assertEquals(stockAnswers.keySet(), pluginAnswers.keySet());
        for (Map.Entry<String, byte[]> answer : stockAnswers.entrySet()) {
            assertArrayEquals(answer.getValue(), pluginAnswers.get(answer.getKey()), answer.getKey());
        }
        Map<String, byte[]> pluginObjects = s3.s3().objects(pluginBucket, ".png");
        assertEquals(32, stockObjects.size(), stockObjects.keySet().toString());
        assertEquals(stockObjects.keySet(), pluginObjects.keySet());
        for (Map.Entry<String, byte[]> object : stockObjects.entrySet()) {
            assertArrayEquals(object.getValue(), pluginObjects.get(object.getKey()), object.getKey());
        }
        assertEquals(
                s3.s3().keys(stockBucket, "").stream()
                        .filter(key -> !key.endsWith("/parameters-null.properties"))
                        .toList(),
                s3.s3().keys(pluginBucket, ""),
                "every object but the parameters object stock writes again with each tile");
    }

    /**
     * Every request to S3 is held at the proxy from the moment the GetMap has arrived (so after the request's
     * lookups): the requested tile answers all the same, with no tile in the bucket, then all 16 get there once the
     * proxy lets the puts through.
     */
    @Test
    void theRequestedTileAnswersWhileEveryPutOfItsMetatileIsStillInFlight() throws Exception {
        String bucket = s3.newBucket();
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(), "recordingLock", defaultBlobStore(bucket));
        String tile = WmtsTiles.getTile(WORLD, PNG, 1, 2, 2);
        MockHttpServletResponse response;
        int inBucketWhenAnswered;
        fixture.wms().hold();
        try {
            CompletableFuture<MockHttpServletResponse> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return gwc.get(tile);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            fixture.wms().awaitHeld();
            s3.toxiproxy().latency(Duration.ofMinutes(10));
            fixture.wms().release();

            response = answer.get(30, TimeUnit.SECONDS);
            inBucketWhenAnswered = s3.s3().keys(bucket, ".png").size();
        } finally {
            fixture.wms().release();
            s3.toxiproxy().latency(S3Fixture.LATENCY);
        }

        assertEquals(200, response.getStatus(), response.getContentAsString());
        assertEquals(0, inBucketWhenAnswered, "tiles in the bucket when the requested tile answered");
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> s3.s3().keys(bucket, ".png").size() == 16);
        gwc.awaitIdle();
        Map<String, byte[]> objects = s3.s3().objects(bucket, ".png");
        String key = objects.keySet().stream()
                .filter(k -> k.endsWith("/2/1/2.png"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no object for tile 2/1/2 in " + objects.keySet()));
        assertArrayEquals(response.getContentAsByteArray(), objects.get(key));
        assertEquals(1, gwc.metrics().getRenders());
    }

    /** A seed task over zoom levels 2 and 3 (10 metatiles, 160 tiles) on 2 threads, through the plugin. */
    @Test
    void aSeedTaskEndsOnlyOnceEveryTileIsInTheBucket() throws Exception {
        String bucket = s3.newBucket();
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(), "recordingLock", defaultBlobStore(bucket));
        int getMapsBefore = fixture.wms().getMaps();
        long start = System.nanoTime();

        GWCTask[] tasks = SeedingTest.seed(gwc, GWCTask.TYPE.SEED, 2, 3, Duration.ofMillis(5));
        int inBucketWhenDone = s3.s3().keys(bucket, ".png").size();

        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.println("S3 at " + S3Fixture.LATENCY.toMillis() + " ms added, seed z2-3 (160 tiles, 2 threads)"
                + " through the plugin: " + millis + " ms");
        assertTrue(Arrays.stream(tasks).allMatch(task -> task.getState() == GWCTask.STATE.DONE));
        assertEquals(160, inBucketWhenDone, "tiles in the bucket when the seed task ended");
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "one GetMap per metatile");
        assertEquals(160, gwc.metrics().getTilesStored());
        assertEquals(List.of(), gwc.locks().held());
    }

    /** Every tile of zoom 2 of the world layer by {@code "z/x/y"}, asked for one after the other. */
    private static Map<String, byte[]> everyTileOfZoom2(StandaloneGeoWebCache gwc) throws Exception {
        Map<String, byte[]> tiles = new LinkedHashMap<>();
        for (long x = 0; x < 8; x++) {
            for (long y = 0; y < 4; y++) {
                MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(WORLD, PNG, x, y, 2));
                assertEquals(200, response.getStatus(), response.getContentAsString());
                tiles.put("2/" + x + "/" + y, response.getContentAsByteArray());
            }
        }
        return tiles;
    }

    /** GeoWebCache's S3 blob store on {@code bucket}, the default one, as an element of {@code <blobStores>}. */
    private static String defaultBlobStore(String bucket) {
        S3BlobStoreInfo store = s3.blobStore("s3", bucket);
        store.setDefault(true);
        return WmtsTiles.blobStore(store);
    }
}
