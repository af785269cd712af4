package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.gwc.s3.S3Fixture;
import io.github.metatilefanout.gwc.s3.S3Server;
import io.github.metatilefanout.gwc.s3.Toxiproxy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.ows.Dispatcher;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.seed.TileBreeder;
import org.geowebcache.storage.StorageBroker;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.AssumptionViolatedException;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.opentest4j.TestAbortedException;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin in GeoServer whose tile layer {@link SiblingTiles#LAYER} stores its tiles in GeoServer's S3 blob store
 * ({@code gs-gwc-s3} over GeoWebCache's {@code gwc-aws-s3}), on a real S3 server ({@link S3Server}) {@link
 * S3Fixture#LATENCY} away ({@link Toxiproxy}), each test in a bucket of its own. Tiles are counted and read in the
 * bucket itself, straight from the server; GeoServer's keys name the layer by its catalog id. GetMaps are counted as
 * GeoServer makes them ({@link MetatileContextRecorder}).
 */
public class FanoutS3BlobStoreTest extends GeoServerSystemTestSupport {

    private static final S3Fixture s3 = new S3Fixture();

    private GeoServerFanout fanout;
    private String layerId;

    /** The S3 server and proxy; without Toxiproxy's server (outside CI) the class is skipped. */
    @BeforeClass
    public static void startS3() throws Exception {
        try {
            s3.start();
        } catch (TestAbortedException e) {
            throw new AssumptionViolatedException(e.getMessage(), e);
        }
    }

    @AfterClass
    public static void stopS3() throws Exception {
        s3.stop();
    }

    @Override
    protected void setUpSpring(List<String> springContextLocations) {
        super.setUpSpring(springContextLocations);
        springContextLocations.add("classpath:/metatile-context-recorder.xml");
        springContextLocations.add("classpath:/get-map-hook.xml");
    }

    @Before
    public void prepare() {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        layerId = getCatalog().getLayerByName(SiblingTiles.LAYER).getId();
        getMaps().take();
    }

    @After
    public void restore() throws IOException {
        Dispatcher.REQUEST.remove();
        EngineSwitch.set(true);
        GeoServerExtensions.bean(GetMapHook.class).clear();
        s3.toxiproxy().latency(S3Fixture.LATENCY);
    }

    @Test
    public void sixteenSimultaneousSiblingRequestsCauseOneGetMapAndEveryTileIsInTheBucketWhenTheJobEnds()
            throws Exception {
        String bucket = layerOnNewBucket();
        long renders = metrics().getRenders();

        SiblingTiles.requestTogether(this::getAsServletResponse);

        assertEquals("GetMaps", 1, getMaps().take().size());
        assertEquals(renders + 1, metrics().getRenders());
        awaitJobsEnded();
        List<String> keys = s3.s3().keys(bucket, ".png");
        assertEquals("tiles in the bucket when the job ended: " + keys, 16, keys.size());
        for (String key : keys) {
            assertTrue(key, key.startsWith("gwc/" + layerId + "/EPSG:4326/png/"));
        }
        SiblingTiles.assertStored(GeoServerExtensions.bean(StorageBroker.class));
        assertEquals(0, metrics().getStoreFailures());
    }

    /**
     * The tile (5, 1) of an uncached metatile from stock GeoServer (the engine off) into one bucket, then through the
     * engine into another: one GetMap each, the same 16 tile objects, key for key and byte for byte, and the same other
     * objects but {@code parameters-null.properties}, which stock GeoServer writes again with each tile a request
     * stores and its seeding never writes. Measured
     * here (2 cores, stock's pool of 4 threads, 2026-12-07): when the tile answered, stock GeoServer had 12 of the 16
     * tiles in the bucket, the plugin none.
     */
    @Test
    public void theBucketsTileObjectsAreByteIdenticalToStocks() throws Exception {
        EngineSwitch.set(false);
        String stockBucket = layerOnNewBucket();
        assertFalse(GWC.get().getTileLayerByName(SiblingTiles.LAYER) instanceof FanoutTileLayer);
        assertEquals(200, getAsServletResponse(SiblingTiles.wmtsPath(5, 1)).getStatus());
        int stockInBucketWhenAnswered = s3.s3().keys(stockBucket, ".png").size();
        assertEquals("stock GetMaps", 1, getMaps().take().size());
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> s3.s3().keys(stockBucket, ".png").size() == 16);

        EngineSwitch.set(true);
        String pluginBucket = layerOnNewBucket();
        long renders = metrics().getRenders();
        assertEquals(200, getAsServletResponse(SiblingTiles.wmtsPath(5, 1)).getStatus());
        int pluginInBucketWhenAnswered = s3.s3().keys(pluginBucket, ".png").size();
        assertEquals("GetMaps", 1, getMaps().take().size());
        assertEquals(renders + 1, metrics().getRenders());
        awaitJobsEnded();
        System.out.println("S3 at " + S3Fixture.LATENCY.toMillis() + " ms added, tiles of the metatile in the bucket"
                + " when tile (5, 1) answered: stock GeoServer " + stockInBucketWhenAnswered + ", plugin "
                + pluginInBucketWhenAnswered);

        Map<String, byte[]> stock = s3.s3().objects(stockBucket, ".png");
        Map<String, byte[]> plugin = s3.s3().objects(pluginBucket, ".png");
        assertEquals(16, stock.size());
        assertEquals(stock.keySet(), plugin.keySet());
        for (Map.Entry<String, byte[]> object : stock.entrySet()) {
            assertArrayEquals(object.getKey(), object.getValue(), plugin.get(object.getKey()));
        }
        assertEquals(
                "every object but the parameters object stock writes again with each tile",
                s3.s3().keys(stockBucket, "").stream()
                        .filter(key -> !key.endsWith("/parameters-null.properties"))
                        .toList(),
                s3.s3().keys(pluginBucket, ""));
    }

    /**
     * Every request to S3 is held at the proxy from the start of the GetMap (so after the tile's look-ups): the
     * requested tile answers all the same, with none of its metatile's tiles in the bucket, then all 16 get there once
     * the proxy lets the puts through.
     */
    @Test
    public void theRequestedTileAnswersWhileEveryPutOfItsMetatileIsStillInFlight() throws Exception {
        String bucket = layerOnNewBucket();
        GeoServerExtensions.bean(GetMapHook.class).once(() -> {
            try {
                s3.toxiproxy().latency(Duration.ofMinutes(10));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        MockHttpServletResponse response;
        int inBucketWhenAnswered;
        int jobsInFlightWhenAnswered;
        try {
            // on a thread of its own, so that an answer that waits for the puts fails the test after 60 s
            Callable<MockHttpServletResponse> request = () -> getAsServletResponse(SiblingTiles.wmtsPath(5, 1));
            response = ConcurrentRequests.sendTogether(List.of(request)).get(0);
            inBucketWhenAnswered = s3.s3().keys(bucket, ".png").size();
            jobsInFlightWhenAnswered = metrics().getMetatilesInFlight();
        } finally {
            s3.toxiproxy().latency(S3Fixture.LATENCY);
        }

        assertEquals(response.getContentAsString(), 200, response.getStatus());
        assertEquals("GetMaps", 1, getMaps().take().size());
        assertEquals("tiles in the bucket when the requested tile answered", 0, inBucketWhenAnswered);
        assertEquals("jobs in flight when the requested tile answered", 1, jobsInFlightWhenAnswered);
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> s3.s3().keys(bucket, ".png").size() == 16);
        awaitJobsEnded();
        Map<String, byte[]> objects = s3.s3().objects(bucket, ".png");
        assertEquals(16, objects.size());
        String requested = "gwc/" + layerId + "/EPSG:4326/png/";
        byte[] stored = objects.entrySet().stream()
                .filter(object ->
                        object.getKey().startsWith(requested) && object.getKey().endsWith("/2/5/2.png"))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no object for tile 2/5/2 in " + objects.keySet()));
        assertArrayEquals(response.getContentAsByteArray(), stored);
        assertEquals(0, metrics().getStoreFailures());
    }

    /**
     * A seed of zoom levels 1 to 3 posted to GeoWebCache's REST API, as an admin would: when the task list is empty,
     * the bucket holds every tile of the grid subset's coverage at those levels, and each metatile took one GetMap.
     */
    @Test
    public void aRestSeedLeavesEveryTileOfItsLevelsInTheBucketWithOneGetMapPerMetatile() throws Exception {
        String bucket = layerOnNewBucket();
        TileLayer layer = GWC.get().getTileLayerByName(SiblingTiles.LAYER);
        GridSubset grid = layer.getGridSubset("EPSG:4326");
        int[] factors = layer.getMetaTilingFactors();
        int tiles = 0;
        int metatiles = 0;
        for (int z = 1; z <= 3; z++) {
            long[] coverage = grid.getCoverage(z);
            tiles += (int) ((coverage[2] - coverage[0] + 1) * (coverage[3] - coverage[1] + 1));
            // GeoWebCache aligns metatiles on multiples of the factors
            metatiles += (int) ((coverage[2] / factors[0] - coverage[0] / factors[0] + 1)
                    * (coverage[3] / factors[1] - coverage[1] / factors[1] + 1));
        }
        assertArrayEquals(
                "the whole world at z1-3: 8 + 32 + 128 tiles in 1 + 2 + 8 metatiles of 4 x 4",
                new int[] {168, 11},
                new int[] {tiles, metatiles});
        long renders = metrics().getRenders();
        String seed = "{\"seedRequest\":{\"name\":\"" + SiblingTiles.LAYER + "\",\"gridSetId\":\"EPSG:4326\","
                + "\"zoomStart\":1,\"zoomStop\":3,\"format\":\"image/png\",\"type\":\"seed\",\"threadCount\":2}}";
        TileBreeder breeder = GeoServerExtensions.bean(TileBreeder.class);
        long start = System.nanoTime();

        MockHttpServletResponse seeded =
                postAsServletResponse("gwc/rest/seed/" + SiblingTiles.LAYER + ".json", seed, "application/json");

        assertEquals(seeded.getContentAsString(), 200, seeded.getStatus());
        await().atMost(120, TimeUnit.SECONDS)
                .until(() -> !breeder.getRunningAndPendingTasks().hasNext());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        List<String> keys = s3.s3().keys(bucket, ".png");
        System.out.println("REST seed of z1-3 onto S3 at " + S3Fixture.LATENCY.toMillis() + " ms added: " + millis
                + " ms, " + keys.size() + " tile objects, " + metatiles + " metatiles");
        assertEquals("tile objects when the task list emptied", tiles, keys.size());
        for (String key : keys) {
            assertTrue(key, key.startsWith("gwc/" + layerId + "/EPSG:4326/png/"));
        }
        assertEquals("GetMaps", metatiles, getMaps().take().size());
        assertEquals(renders + metatiles, metrics().getRenders());
        assertEquals("metatiles in flight", 0, metrics().getMetatilesInFlight());
        assertEquals("locks held", 0, metrics().getLocksHeld());
        assertEquals(0, metrics().getStoreFailures());
    }

    /**
     * A new bucket, GeoServer's S3 blob store on it (its id the bucket's name), and the test layer's tiles in that
     * blob store; returns the bucket's name.
     */
    private String layerOnNewBucket() throws Exception {
        String bucket = s3.newBucket();
        GWC gwc = GWC.get();
        gwc.addBlobStore(s3.blobStore(bucket, bucket));
        GeoServerTileLayer layer = (GeoServerTileLayer) gwc.getTileLayerByName(SiblingTiles.LAYER);
        layer.getInfo().setBlobStoreId(bucket);
        gwc.save(layer);
        return bucket;
    }

    /** Every job of the engine ended: no metatile in flight, no lock held. */
    private void awaitJobsEnded() {
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0 && metrics().getLocksHeld() == 0);
    }

    private static MetatileContextRecorder getMaps() {
        return GeoServerExtensions.bean(MetatileContextRecorder.class);
    }

    private FanoutMetrics metrics() {
        return fanout.metrics();
    }
}
