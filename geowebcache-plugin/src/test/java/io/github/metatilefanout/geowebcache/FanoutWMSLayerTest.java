package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_CACHED_TO_1;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_EXPIRING;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_UNCACHED;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Ticker;
import io.github.metatilefanout.engine.MetricsMBean;
import io.github.metatilefanout.gwc.StartupProperties;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.geowebcache.config.XMLConfiguration;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TransientCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;

/** The plugin in a standalone GeoWebCache: WMTS tiles of its WMS layers, over the tests' WMS. */
class FanoutWMSLayerTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    @Test
    void everyWmsLayerOfTheConfigurationIsServedThroughTheEngine() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        for (TileLayer layer : gwc.bean(TileLayerDispatcher.class).getLayerList()) {
            assertInstanceOf(FanoutWMSLayer.class, layer, layer.getName());
        }
    }

    /** The web application builds the plugin's beans twice; the engine that serves is the one whose metrics JMX shows. */
    @Test
    void theMetricsInJmxAreThoseOfTheEngineThatServes() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        assertEquals(200, gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)).getStatus());
        ObjectName name = new ObjectName("io.github.metatilefanout:type=FanoutMetrics,name=\"geowebcache\"");
        assertEquals(1L, ManagementFactory.getPlatformMBeanServer().getAttribute(name, "Renders"));
        gwc.awaitIdle();
    }

    /** Another web application of the JVM (a second GeoWebCache in the Tomcat) holds the MBean name {@code geowebcache}. */
    @Test
    void startsAndServesUnderTheNextFreeNameWhenAnotherWebApplicationHoldsItsName() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName taken = MetricsMBean.objectName(GeoWebCacheFanout.NAME);
        server.registerMBean(new StandardMBean(() -> {}, Runnable.class), taken); // another application's MBean
        try {
            StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
            assertEquals(200, gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)).getStatus());
            assertEquals(1L, server.getAttribute(MetricsMBean.objectName("geowebcache-2"), "Renders"));
            gwc.awaitIdle();
        } finally {
            server.unregisterMBean(taken);
        }
    }

    @Test
    void sixteenSimultaneousSiblingRequestsCauseOneGetMap() throws Exception {
        assertSixteenSiblingsCauseOneGetMap(fixture.withPlugin(Map.of()));
    }

    /** GeoWebCache's NIO provider, for nodes sharing a disk: a lock file per key, not reentrant in one process. */
    @Test
    void withGeoWebCachesFileLocksSixteenSimultaneousSiblingRequestsCauseOneGetMap() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(), "nioLock");
        assertSixteenSiblingsCauseOneGetMap(gwc);
        try (Stream<Path> lockFiles = Files.walk(gwc.cacheDirectory().resolve("lockfiles"))) {
            assertEquals(List.of(), lockFiles.filter(Files::isRegularFile).toList(), "lock files left");
        }
    }

    @Test
    void withTheStoringLockProtocolSixteenSimultaneousSiblingRequestsCauseOneGetMapAndTakeNoTileLock()
            throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of("METATILE_FANOUT_LOCK_PROTOCOL", "storing-lock"));
        assertSixteenSiblingsCauseOneGetMap(gwc);
        List<String> keys = gwc.locks().asked();
        assertTrue(keys.contains("fanout_storing_world_EPSG:4326_4_0_2.png"), keys.toString());
        assertTrue(keys.stream().noneMatch(key -> key.startsWith("gwc_tile_")), keys.toString());
    }

    /** Asks for the 16 tiles of the metatile at columns 4 to 7 of zoom 2 at once. */
    private static void assertSixteenSiblingsCauseOneGetMap(StandaloneGeoWebCache gwc) throws Exception {
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
        assertEquals(1, fixture.wms().getMaps() - getMapsBefore);
        gwc.awaitIdle();
        for (long x = 4; x < 8; x++) {
            for (long y = 0; y < 4; y++) {
                assertTrue(gwc.stored(WORLD, PNG, x, y, 2), x + "," + y + " stored");
            }
        }
        assertEquals(1, gwc.metrics().getRenders());
    }

    @Test
    void theRequestedTileIsAnsweredBeforeItsSiblingsAreStored() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        StoreGate gate = new StoreGate();
        gwc.bean(StorageBroker.class).addBlobStoreListener(gate);
        byte[] answer;
        try {
            MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(WORLD, PNG, 1, 2, 2));
            assertEquals(200, response.getStatus(), response.getContentAsString());
            assertTrue(gate.stored() < 16, "stored before the answer: " + gate.stored());
            answer = response.getContentAsByteArray();
        } finally {
            gate.open();
        }
        await().atMost(30, TimeUnit.SECONDS).until(() -> gate.stored() == 16);
        gwc.awaitIdle();
        assertArrayEquals(
                answer, gwc.get(WmtsTiles.getTile(WORLD, PNG, 1, 2, 2)).getContentAsByteArray());
        assertEquals(1, gwc.metrics().getRenders());
    }

    /** A node without the plugin, or GeoWebCache's own path in this one, excludes the engine on a metatile. */
    @Test
    void theMetatileLockIsTheOneOfGeoWebCachesWmsLayer() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        assertEquals(200, gwc.get(WmtsTiles.getTile(WORLD, PNG, 5, 1, 2)).getStatus());
        List<String> keys = gwc.locks().asked();
        assertEquals("meta_world_EPSG:4326_4_0_2.png", keys.get(0));
        assertEquals("gwc_tile_world_EPSG:4326_5_1_2.png", keys.get(1));
        gwc.awaitIdle();
    }

    @Test
    void aZoomLevelOutsideTheCachedRangeRendersOnceAndStoresNothing() throws Exception {
        StandaloneGeoWebCache gwc = askForTwoSiblings(WORLD_CACHED_TO_1);
        gwc.awaitIdle();
        assertEquals(1, gwc.metrics().getRenders(), "the second from GeoWebCache's transient cache");
        assertNothingStored(gwc, WORLD_CACHED_TO_1);
    }

    @Test
    void aLayerThatIsNeverCachedRendersEachTileAndStoresNothing() throws Exception {
        StandaloneGeoWebCache gwc = askForTwoSiblings(WORLD_UNCACHED);
        assertEquals(2, gwc.metrics().getRenders());
        assertNothingStored(gwc, WORLD_UNCACHED);
    }

    /** A hit answers with the time its blob store gives the stored tile, as GeoWebCache's own path does. */
    @Test
    void aHitAnswersWithItsStoredTilesTime() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        String tile = WmtsTiles.getTile(WORLD, PNG, 2, 1, 2);
        assertEquals(200, gwc.get(tile).getStatus());
        gwc.awaitIdle();
        Instant stored = Instant.parse("2026-01-02T03:04:05Z");
        try (Stream<Path> files = Files.walk(gwc.cacheDirectory().resolve(WORLD))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(file, FileTime.from(stored));
            }
        }

        MockHttpServletResponse hit = gwc.get(tile);

        assertEquals("HIT", hit.getHeader("geowebcache-cache-result"));
        assertEquals(stored.toEpochMilli(), hit.getDateHeader("Last-Modified"));
    }

    /** A stored tile older than its layer's "expire cache" is rendered again, as GeoWebCache's own path does. */
    @Test
    void aStoredTileOlderThanTheLayersExpireCacheIsRenderedAgain() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        String tile = WmtsTiles.getTile(WORLD_EXPIRING, PNG, 0, 0, 2);
        int getMapsBefore = fixture.wms().getMaps();
        assertEquals(200, gwc.get(tile).getStatus());
        gwc.awaitIdle();
        assertEquals(200, gwc.get(tile).getStatus());
        assertEquals(1, fixture.wms().getMaps() - getMapsBefore, "a fresh tile is a hit");

        FileTime twoHoursAgo = FileTime.from(Instant.now().minus(Duration.ofHours(2)));
        try (Stream<Path> files = Files.walk(gwc.cacheDirectory().resolve(WORLD_EXPIRING))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(file, twoHoursAgo);
            }
        }
        assertEquals(200, gwc.get(tile).getStatus());
        assertEquals(2, fixture.wms().getMaps() - getMapsBefore, "a stale tile is rendered again");
        assertEquals(2, gwc.metrics().getRenders());
        gwc.awaitIdle();
    }

    @Test
    void switchedOffEveryLayerKeepsGeoWebCachesOwnPath() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(StartupProperties.ENABLED, "false"));
        TileLayer layer = gwc.bean(TileLayerDispatcher.class).getTileLayer(WORLD);
        assertEquals(WMSLayer.class, layer.getClass());
        int getMapsBefore = fixture.wms().getMaps();
        assertEquals(200, gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)).getStatus());
        assertEquals(1, fixture.wms().getMaps() - getMapsBefore);
        assertEquals(0, gwc.metrics().getRenders());
    }

    /** Uninstalling leaves a configuration GeoWebCache reads as it always did. */
    @Test
    void aSavedConfigurationKeepsPlainWmsLayers() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        TileLayer layer = gwc.bean(TileLayerDispatcher.class).getTileLayer(WORLD);
        gwc.bean(XMLConfiguration.class).modifyLayer(layer);
        String saved = Files.readString(gwc.cacheDirectory().resolve("geowebcache.xml"), StandardCharsets.UTF_8);
        assertTrue(saved.contains("<wmsLayer>"), saved);
        assertFalse(saved.contains("class="), saved);
        assertFalse(saved.contains("fanout"), saved);
        StandaloneGeoWebCache stock = fixture.stockOnSameDirectory();
        assertEquals(
                WMSLayer.class,
                stock.bean(TileLayerDispatcher.class).getTileLayer(WORLD).getClass());
        assertEquals(200, stock.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)).getStatus());
    }

    /**
     * GeoWebCache with the plugin, asked for tiles (0, 0) and (1, 0) of zoom 2 of {@code layer}, one after the other.
     * The second finds its tile in the metatile in flight or, once that is stored, in GeoWebCache's transient cache,
     * whose clock is stopped here: GeoWebCache 2.0.0 compares the cache's "2000 ms" with microseconds, so its tiles
     * last 2 ms, and the second request would otherwise find its tile only if the job were still running.
     */
    private static StandaloneGeoWebCache askForTwoSiblings(String layer) throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        ((TransientCache) gwc.bean("gwcTransientCache")).setTicker(new Ticker() {
            @Override
            public long read() {
                return 0;
            }
        });
        for (long x = 0; x < 2; x++) {
            MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(layer, PNG, x, 0, 2));
            assertEquals(200, response.getStatus(), response.getContentAsString());
        }
        return gwc;
    }

    private static void assertNothingStored(StandaloneGeoWebCache gwc, String layer) throws Exception {
        for (long x = 0; x < 4; x++) {
            for (long y = 0; y < 4; y++) {
                assertFalse(gwc.stored(layer, PNG, x, y, 2), x + "," + y + " stored");
            }
        }
    }
}
