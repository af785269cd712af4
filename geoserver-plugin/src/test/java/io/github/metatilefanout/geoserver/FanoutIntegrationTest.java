package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.gwc.LogBridge;
import java.io.File;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.geoserver.catalog.DataStoreInfo;
import org.geoserver.catalog.LayerInfo;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.ows.Dispatcher;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geotools.util.logging.Logging;
import org.geowebcache.layer.ExpirationRule;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.locks.NIOLockProvider;
import org.geowebcache.mime.MimeType;
import org.geowebcache.seed.GWCTask;
import org.geowebcache.seed.TileBreeder;
import org.geowebcache.storage.BlobStore;
import org.geowebcache.storage.DefaultStorageBroker;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.geowebcache.storage.TileRange;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin inside a real GeoServer (GeoServer's own test support, its default test data directory,
 * metatiling 4x4): tiles through WMTS and WMS tiled=true, with and without the engine.
 */
public class FanoutIntegrationTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String GRID = "EPSG:4326";
    /** EPSG:4326 zoom 2 has 8 x 4 tiles: two 4x4 metatiles. */
    private static final int ZOOM = 2;

    private GeoServerFanout fanout;
    private long rendersBefore;

    @Override
    protected void setUpSpring(List<String> springContextLocations) {
        super.setUpSpring(springContextLocations);
        springContextLocations.add("classpath:/metatile-context-recorder.xml");
    }

    /**
     * As GeoServer's own GWC integration tests do: a fresh data directory, reloaded, before each test; then
     * the plugin on, direct WMS integration on, GeoWebCache's defaults otherwise, the test layer truncated.
     */
    @Before
    public void prepare() throws Exception {
        FreshDataDirectory.restore(getTestData(), getGeoServer());

        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        EngineSwitch.set(true);
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig();
        config.setDirectWMSIntegrationEnabled(true);
        config.setMetaTilingThreads(null);
        config.setLockProviderName(null);
        gwc.saveConfig(config);
        gwc.truncate(LAYER);
        rendersBefore = metrics().getRenders();
    }

    @After
    public void clearDispatcherRequest() {
        Dispatcher.REQUEST.remove();
        EngineSwitch.set(true);
    }

    @Test
    public void everyCachedLayerIsServedThroughTheEngine() {
        assertTrue(GWC.get().getTileLayerByName(LAYER) instanceof FanoutTileLayer);
        assertTrue(GWC.get().getTileLayerByName(LAYER) instanceof GeoServerTileLayer);
        for (TileLayer layer : GWC.get().getTileLayers()) {
            assertTrue(layer.getName(), layer instanceof FanoutTileLayer);
        }
    }

    /** The bean keeps its class (lookups by GeoServer's class still find it); only a proxy is added. */
    @Test
    public void theCatalogConfigurationIsDecoratedNotReplaced() {
        String bean = FanoutConfigurationPostProcessor.CATALOG_CONFIGURATION_BEAN;
        assertEquals(
                CatalogConfiguration.class.getName(),
                applicationContext.getBeanFactory().getBeanDefinition(bean).getBeanClassName());
        assertTrue(AopUtils.isAopProxy(applicationContext.getBean(bean)));
        assertSame(applicationContext.getBean(bean), GeoServerExtensions.bean(CatalogConfiguration.class));
    }

    @Test
    public void siblingRequestsCauseOneGetMapPerMetatile() throws Exception {
        List<Callable<MockHttpServletResponse>> requests = new ArrayList<>();
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                long column = x;
                long row = y;
                requests.add(() -> wmtsResponse("image/png", column, row));
            }
        }
        for (MockHttpServletResponse response : ConcurrentRequests.sendTogether(requests)) {
            assertEquals(200, response.getStatus());
            assertEquals("image/png", response.getContentType());
        }
        assertEquals(1, metrics().getRenders() - rendersBefore);
        awaitStored(16);
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                assertTrue("tile " + x + "," + y + " stored", isStored(x, 3 - y, "image/png"));
            }
        }
        awaitNoLockHeld();
    }

    @Test
    public void seedingLeavesEveryTileStoredWhenTheTaskEnds() throws Exception {
        long encodedOnPool = metrics().getTilesEncodedOnPool();
        TileBreeder breeder = GeoServerExtensions.bean(TileBreeder.class);
        TileRange range = new TileRange(
                LAYER,
                GRID,
                ZOOM,
                ZOOM,
                new long[][] {null, null, {0, 0, 7, 3, ZOOM}},
                MimeType.createFromFormat("image/png"),
                null);
        GWCTask[] tasks = breeder.createTasks(range, GWCTask.TYPE.SEED, 1, false);

        tasks[0].doAction();

        for (int x = 0; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                assertTrue("tile " + x + "," + y + " stored", isStored(x, y, "image/png"));
            }
        }
        assertEquals(2, metrics().getRenders() - rendersBefore);
        assertEquals(encodedOnPool, metrics().getTilesEncodedOnPool());
    }

    /** A WMTS request passes GeoServer's OWS dispatcher, so it is a client's: its metatile goes to the pool. */
    @Test
    public void aWmtsRequestIsInteractiveItsMetatileGoesToThePool() throws Exception {
        long handedOff = metrics().getJobsHandedOff();

        assertEquals(200, wmtsResponse("image/png", 1, 1).getStatus());

        assertEquals(handedOff + 1, metrics().getJobsHandedOff());
        awaitStored(16);
        awaitNoLockHeld();
    }

    @Test
    public void zoomLevelWithCachingOffStoresNothing() throws Exception {
        GeoServerTileLayer layer = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
        // a mutable list, as GeoServer's own code and XStream need
        layer.getInfo().setExpireCacheList(new ArrayList<>(List.of(new ExpirationRule(ZOOM, -1))));
        GWC.get().save(layer);
        try {
            long stored = metrics().getTilesStored();
            MockHttpServletResponse response = wmtsResponse("image/png", 1, 1);

            assertEquals(200, response.getStatus());
            assertEquals("rendered by the engine", rendersBefore + 1, metrics().getRenders());
            assertEquals(stored, metrics().getTilesStored());
            assertTrue(!isStored(1, 2, "image/png") && !isStored(0, 2, "image/png"));
            awaitNoLockHeld();
        } finally {
            layer = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
            layer.getInfo().setExpireCacheList(null);
            GWC.get().save(layer);
        }
    }

    @Test
    public void failingLayerAnswersAServiceExceptionAndHoldsNoLock() throws Exception {
        LayerInfo layer = getCatalog().getLayerByName(LAYER);
        DataStoreInfo store = (DataStoreInfo) layer.getResource().getStore();
        Serializable directory = store.getConnectionParameters().get("directory");
        store.getConnectionParameters().put("directory", "/does/not/exist");
        getCatalog().save(store);
        getCatalog().getResourcePool().clear(store);
        long failures = metrics().getRenderFailures();
        try {
            MockHttpServletResponse response = wmtsResponse("image/png", 3, 1);

            assertNotEquals(200, response.getStatus());
            assertEquals(failures + 1, metrics().getRenderFailures());
            awaitNoLockHeld();
        } finally {
            store = getCatalog().getDataStore(store.getId());
            store.getConnectionParameters().put("directory", directory);
            getCatalog().save(store);
            getCatalog().getResourcePool().clear(store);
        }
    }

    @Test
    public void lockProviderFailureAnswers503NamingTheLockAndHoldsNoLock() throws Exception {
        FailingLockProvider gwcLocks = new FailingLockProvider("gwc_metatile_");
        useGwcLockProvider("fanoutFailingLocks", gwcLocks);

        MockHttpServletResponse wmts = wmtsResponse("image/png", 1, 1);
        assertEquals(503, wmts.getStatus());
        assertTrue(wmts.getContentAsString(), wmts.getContentAsString().contains("gwc_metatile_" + LAYER));
        // as for any failure of a tile there, GeoServer's WMS integration logs it and renders the map itself
        assertEquals(200, wmsTiledResponse(LAYER, "image/png", 0, 0).getStatus());
        assertEquals(2, gwcLocks.failures());
        assertEquals(0, gwcLocks.held());
        awaitNoLockHeld();
        assertEquals(rendersBefore, metrics().getRenders());
    }

    /** GeoWebCache's NIO provider times out (after 1 s here) on a metatile another node holds. */
    @Test
    public void lockTimeoutOfGeoWebCachesProviderAnswers503AndHoldsNoLock() throws Exception {
        File lockRoot = getTestData()
                .getDataDirectoryRoot()
                .toPath()
                .resolve("fanout-locks")
                .toFile();
        useGwcLockProvider("fanoutNioLocks", new NIOLockProvider(lockRoot.getPath(), 1));
        String metatileKey = "gwc_metatile_" + LAYER + "_" + GRID + "_0_0_" + ZOOM + ".png";
        org.geowebcache.locks.LockProvider.Lock otherNode =
                new NIOLockProvider(lockRoot.getPath(), 1).getLock(metatileKey);
        MockHttpServletResponse response;
        try {
            response = wmtsResponse("image/png", 1, 1);
        } finally {
            otherNode.release();
        }

        assertEquals(503, response.getStatus());
        assertTrue(response.getContentAsString(), response.getContentAsString().contains(metatileKey));
        awaitNoLockHeld();
        assertEquals(
                "nothing held: the same metatile renders now",
                200,
                wmtsResponse("image/png", 1, 1).getStatus());
        awaitStored(16);
        awaitNoLockHeld();
    }

    /**
     * A miss reads the blob store once before taking a lock and once under the tile lock (as GeoServer
     * does); a hit once.
     */
    @Test
    public void aMissReadsTheBlobStoreOnceBeforeLockingAndAHitOnce() throws Exception {
        AtomicInteger reads = countBlobStoreReads();
        try {
            assertEquals(200, wmtsResponse("image/png", 2, 1).getStatus());
            assertEquals("lookup, then the re-probe under the tile lock", 2, reads.get());
            awaitStored(16);

            reads.set(0);
            assertEquals(200, wmtsResponse("image/png", 3, 1).getStatus());
            assertEquals(1, reads.get());
        } finally {
            restoreBlobStore();
        }
    }

    /** A hit answers with the stored tile's creation time and the same headers as GeoServer's own path. */
    @Test
    public void aHitHasTheHeadersOfGeoServersOwnPath() throws Exception {
        wmtsResponse("image/png", 1, 1);
        awaitStored(16);
        TileObject stored = TileObject.createQueryTileObject(LAYER, new long[] {1, 2, ZOOM}, GRID, "image/png", null);
        assertTrue(GeoServerExtensions.bean(StorageBroker.class).get(stored));

        MockHttpServletResponse ours = wmtsResponse("image/png", 1, 1);
        EngineSwitch.set(false);
        MockHttpServletResponse stock = wmtsResponse("image/png", 1, 1);

        assertEquals(stored.getCreated() / 1000, ours.getDateHeader("Last-Modified") / 1000);
        for (String header : List.of(
                "Last-Modified",
                "Cache-Control",
                "Expires",
                "ETag",
                "geowebcache-cache-result",
                "geowebcache-tile-index",
                "geowebcache-gridset",
                "Content-Type")) {
            assertEquals(header, stock.getHeader(header), ours.getHeader(header));
        }
        assertArrayEquals(stock.getContentAsByteArray(), ours.getContentAsByteArray());
    }

    /** The GetMap of a metatile sees the metatile context GeoServer's own path sets, and the same headers. */
    @Test
    public void aMissHasTheMetatileContextAndHeadersOfGeoServersOwnPath() throws Exception {
        MetatileContextRecorder contexts = GeoServerExtensions.bean(MetatileContextRecorder.class);
        contexts.take();
        MockHttpServletResponse ours = wmtsResponse("image/png", 1, 1);
        List<String> ourContexts = contexts.take();
        awaitStored(16);
        EngineSwitch.set(false);
        GWC.get().truncate(LAYER);
        MockHttpServletResponse stock = wmtsResponse("image/png", 1, 1);

        assertEquals(List.of("1024x1024/256"), ourContexts);
        assertEquals(ourContexts, contexts.take());
        for (String header : List.of(
                "Cache-Control",
                "geowebcache-cache-result",
                "geowebcache-tile-index",
                "geowebcache-gridset",
                "geowebcache-layer",
                "Content-Type")) {
            assertEquals(header, stock.getHeader(header), ours.getHeader(header));
        }
        assertEquals("MISS", ours.getHeader("geowebcache-cache-result"));
    }

    /** GeoServer logs through Log4J here: the engine's records go to its loggers under org.geoserver. */
    @Test
    public void theEnginesLinesGoToGeoServersLogging() {
        Logger geoServers = Logging.getLogger("org.geoserver.metatilefanout.engine.FanoutEngine");
        assertNotSame(Logger.getLogger(geoServers.getName()), geoServers);
        assertTrue(Arrays.stream(Logger.getLogger(LogBridge.ROOT).getHandlers()).anyMatch(LogBridge.class::isInstance));
    }

    /**
     * GeoServer 3.0.0 has no multi-layer tile caching (GEOS-12180): GeoWebCache declines a tiled
     * request for two layers and GeoServer renders it; nothing waits on the engine.
     */
    @Test
    public void multiLayerTiledRequestIsRenderedWithoutDeadlock() throws Exception {
        String layers = LAYER + "," + MockData.LAKES.getPrefix() + ":" + MockData.LAKES.getLocalPart();

        MockHttpServletResponse response = wmsTiledResponse(layers, "image/png", 2, 1);

        assertEquals(200, response.getStatus());
        assertEquals("image/png", response.getContentType());
        assertEquals("more than one layer requested", response.getHeader("geowebcache-miss-reason"));
        assertEquals(rendersBefore, metrics().getRenders());
        awaitNoLockHeld();
    }

    @Test
    public void poolSizeFromTheCachingDefaultsIsAppliedWithoutARestart() throws Exception {
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig();
        config.setMetaTilingThreads(3);
        gwc.saveConfig(config);

        wmtsResponse("image/png", 0, 0);
        assertEquals(3, metrics().getPoolSize());

        config.setMetaTilingThreads(0);
        gwc.saveConfig(config);
        wmtsResponse("image/png", 6, 0);
        assertEquals(0, metrics().getPoolSize());
        assertTrue(isStored(7, 3, "image/png"));
    }

    private FanoutMetrics metrics() {
        return fanout.metrics();
    }

    private MockHttpServletResponse wmtsResponse(String format, long column, long row) throws Exception {
        return getAsServletResponse("gwc/service/wmts?request=GetTile&layer=" + LAYER + "&format=" + format
                + "&tilematrixset=" + GRID + "&tilematrix=" + GRID + ":" + ZOOM + "&tilerow=" + row + "&tilecol="
                + column);
    }

    private MockHttpServletResponse wmsTiledResponse(String layers, String format, int column, int row)
            throws Exception {
        double minX = -180 + column * 45.0;
        double maxY = 90 - row * 45.0;
        return getAsServletResponse("wms?service=WMS&version=1.1.1&request=GetMap&layers="
                + layers + "&styles=&srs=" + GRID + "&bbox=" + minX + "," + (maxY - 45) + "," + (minX + 45) + ","
                + maxY + "&width=256&height=256&format=" + format + "&tiled=true");
    }

    private BlobStore originalBlobStore;

    /** Counts the reads of GeoWebCache's blob store, through the storage broker's (private) blob store. */
    private AtomicInteger countBlobStoreReads() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        Field field = DefaultStorageBroker.class.getDeclaredField("blobStore");
        field.setAccessible(true);
        Object broker = GeoServerExtensions.bean(StorageBroker.class);
        originalBlobStore = (BlobStore) field.get(broker);
        InvocationHandler counting = (proxy, method, arguments) -> {
            if (method.getName().equals("get")) {
                reads.incrementAndGet();
            }
            try {
                return method.invoke(originalBlobStore, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        field.set(
                broker,
                Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BlobStore.class}, counting));
        return reads;
    }

    private void restoreBlobStore() throws Exception {
        Field field = DefaultStorageBroker.class.getDeclaredField("blobStore");
        field.setAccessible(true);
        field.set(GeoServerExtensions.bean(StorageBroker.class), originalBlobStore);
    }

    /** Makes {@code provider} GeoWebCache's lock provider, as an admin does by naming its bean. */
    private void useGwcLockProvider(String beanName, org.geowebcache.locks.LockProvider provider) throws Exception {
        applicationContext.getBeanFactory().registerSingleton(beanName, provider);
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig();
        config.setLockProviderName(beanName);
        gwc.saveConfig(config);
    }

    private boolean isStored(long x, long y, String format) throws Exception {
        StorageBroker broker = GeoServerExtensions.bean(StorageBroker.class);
        TileObject tile = TileObject.createQueryTileObject(LAYER, new long[] {x, y, ZOOM}, GRID, format, null);
        return broker.get(tile);
    }

    /** The engine's locks are all released (a job's tile locks are released on their holder, just after storing). */
    private void awaitNoLockHeld() {
        await().atMost(30, TimeUnit.SECONDS).until(() -> metrics().getLocksHeld() == 0);
    }

    private void awaitStored(int tiles) {
        await().atMost(30, TimeUnit.SECONDS).until(() -> metrics().getMetatilesInFlight() == 0);
        assertTrue(metrics().getTilesStored() >= tiles);
    }
}
