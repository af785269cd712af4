package io.github.metatilefanout.geoserver;

import static io.github.metatilefanout.geoserver.TileImages.decode;
import static io.github.metatilefanout.geoserver.TileImages.pixels;
import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.gwc.layer.GeoServerMetaTile;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.config.XMLGridSubset;
import org.geowebcache.layer.ExpirationRule;
import org.geowebcache.mime.MimeType;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Single tiles on uncached zoom levels in GeoServer: with the setting on, a tile on a zoom whose server cache is
 * off (expire cache -1) or outside the cached range is rendered alone with its gutter, and nothing is kept; with it
 * off, and on cached zooms, the metatile is rendered as before.
 *
 * <p>The layer is drawn with its plain polygon style (a fill and a stroke, no labels nor marks): nothing is placed
 * per image, so the whole tile alone equals the stock tile cut from its metatile, pixel for pixel. With labels only
 * the tile's interior away from its edges would.
 */
public class FanoutSingleTileTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String GRID = "EPSG:4326";
    private static final int TILE_SIZE = 256;
    private static final int GUTTER = 16;
    /** The tile alone with its gutter on every side. */
    private static final long TILE_ALONE_PIXELS = (long) (TILE_SIZE + 2 * GUTTER) * (TILE_SIZE + 2 * GUTTER);
    /**
     * Zoom 8 of EPSG:4326 (0.703125 degrees a tile): the layer covers columns 253 to 258 and rows 126 to 136 there,
     * so the tile at column 257, row 132 (WMTS row 123, between 0.70 and 1.41 east, 2.81 and 3.52 north, where two
     * polygons' edges cross) has covered neighbours on every side, and a gutter on every side.
     */
    private static final int ZOOM = 8;

    private static final long COLUMN = 257;
    private static final long ROW = 132;
    private static final long WMTS_ROW = (1L << ZOOM) - 1 - ROW;

    private GeoServerFanout fanout;

    @Before
    public void prepare() throws Exception {
        FreshDataDirectory.restore(getTestData(), getGeoServer());
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        EngineSwitch.set(true);
        GWCConfig config = GWC.get().getConfig();
        config.setMetaTilingThreads(0);
        config.setLockProviderName(null);
        GWC.get().saveConfig(config);
        GeoServerTileLayer layer = tileLayer();
        layer.getInfo().setGutter(GUTTER);
        layer.getInfo().getMimeFormats().add("image/jpeg");
        GWC.get().save(layer);
        GWC.get().truncate(LAYER);
        singleTiles(true);
    }

    @After
    public void restore() throws Exception {
        EngineSwitch.set(true);
        singleTiles(false);
    }

    @Test
    public void aZoomWithServerCachingOffRendersTheTileAloneWithItsGutterAndKeepsNothing() throws Exception {
        serverCacheOffAtZoom();

        assertRendersTheTileAloneAndKeepsNothing();
    }

    @Test
    public void aZoomOutsideTheCachedRangeRendersTheTileAloneWithItsGutterAndKeepsNothing() throws Exception {
        cachedUpToZoom(ZOOM - 1);

        assertRendersTheTileAloneAndKeepsNothing();
    }

    /**
     * The stock tile is taken where stock GeoServer 3.0.0 answers, on the zoom cached: on a zoom whose server cache
     * is off it does not answer (its request waits for tile locks that no task takes).
     */
    @Test
    public void theTileAloneHasTheStockTilesPixels() throws Exception {
        Map<String, int[]> stock = new TreeMap<>();
        EngineSwitch.set(false);
        for (String format : List.of("image/png", "image/jpeg")) {
            stock.put(format, pixels(decode(tile(format))));
        }
        EngineSwitch.set(true);

        serverCacheOffAtZoom();
        assertTilesAloneHave(stock);
        cachedUpToZoom(ZOOM - 1);
        assertTilesAloneHave(stock);
    }

    @Test
    public void withTheSettingOffAZoomWithServerCachingOffRendersItsMetatileAndKeepsNothing() throws Exception {
        singleTiles(false);
        serverCacheOffAtZoom();
        Counts before = new Counts(metrics());

        assertEquals(200, tile("image/png").getStatus());

        assertEquals(1, metrics().getRenders() - before.renders);
        assertEquals(metatilePixels(), metrics().getPixelsRendered() - before.pixels);
        assertEquals(0, metrics().getTilesStored() - before.stored);
        assertFalse(isStored(COLUMN, ROW) || isStored(COLUMN - 1, ROW));
    }

    /** As before the setting: the metatile is rendered, its other tiles go to GeoWebCache's transient cache. */
    @Test
    public void withTheSettingOffAZoomOutsideTheCachedRangeRendersItsMetatile() throws Exception {
        singleTiles(false);
        cachedUpToZoom(ZOOM - 1);
        Counts before = new Counts(metrics());

        assertEquals(200, tile("image/png").getStatus());

        assertEquals(1, metrics().getRenders() - before.renders);
        assertEquals(metatilePixels(), metrics().getPixelsRendered() - before.pixels);
        assertEquals(
                "every tile into the transient cache",
                metatile().getTilesGridPositions().length,
                metrics().getTilesStored() - before.stored);
        assertFalse(isStored(COLUMN, ROW) || isStored(COLUMN - 1, ROW));
    }

    @Test
    public void aCachedZoomRendersItsMetatileWithTheSettingOn() throws Exception {
        Counts before = new Counts(metrics());

        assertEquals(200, tile("image/png").getStatus());

        assertEquals(1, metrics().getRenders() - before.renders);
        assertEquals(metatilePixels(), metrics().getPixelsRendered() - before.pixels);
        assertEquals(metatile().getTilesGridPositions().length, metrics().getTilesStored() - before.stored);
        assertTrue(isStored(COLUMN, ROW) && isStored(COLUMN - 1, ROW));
    }

    /** One render of (tile + 2 x gutter) squared pixels, no lock, nothing stored, nothing in the transient cache. */
    private void assertRendersTheTileAloneAndKeepsNothing() throws Exception {
        Counts before = new Counts(metrics());

        MockHttpServletResponse response = tile("image/png");

        assertEquals(response.getContentAsString(), 200, response.getStatus());
        assertEquals("image/png", response.getContentType());
        assertEquals(1, metrics().getRenders() - before.renders);
        assertEquals(TILE_ALONE_PIXELS, metrics().getPixelsRendered() - before.pixels);
        assertEquals(0, metrics().getLockOperations() - before.lockOperations);
        assertEquals(0, metrics().getTilesStored() - before.stored);
        assertEquals(1, metrics().getTilesEncodedOnRequestThread() - before.encodedOnRequestThread);
        assertEquals(0, metrics().getMetatilesInFlight());
        for (long column = COLUMN - 1; column <= COLUMN; column++) {
            assertFalse(isStored(column, ROW));
            assertFalse(isInTransientCache(column, ROW));
        }
        awaitNoLockHeld();
    }

    /** Each format's tile, rendered alone, has the pixels {@code stock} gives for it. */
    private void assertTilesAloneHave(Map<String, int[]> stock) throws Exception {
        for (Map.Entry<String, int[]> format : stock.entrySet()) {
            long pixels = metrics().getPixelsRendered();
            MockHttpServletResponse ours = tile(format.getKey());

            assertEquals(format.getKey(), TILE_ALONE_PIXELS, metrics().getPixelsRendered() - pixels);
            assertArrayEquals(format.getKey(), format.getValue(), pixels(decode(ours)));
        }
    }

    private record Counts(long renders, long pixels, long stored, long lockOperations, long encodedOnRequestThread) {
        Counts(FanoutMetrics metrics) {
            this(
                    metrics.getRenders(),
                    metrics.getPixelsRendered(),
                    metrics.getTilesStored(),
                    metrics.getLockOperations(),
                    metrics.getTilesEncodedOnRequestThread());
        }
    }

    /** The pixels of the tile's metatile, gutter included. */
    private long metatilePixels() throws Exception {
        GeoServerMetaTile metaTile = metatile();
        return (long) metaTile.getMetaTileWidth() * metaTile.getMetaTileHeight();
    }

    /** The tile's 4x4 metatile as GeoServer makes it (every tile of it is inside the layer's coverage). */
    private static GeoServerMetaTile metatile() throws Exception {
        return new GeoServerMetaTile(
                tileLayer().getGridSubset(GRID),
                MimeType.createFromFormat("image/png"),
                null,
                new long[] {COLUMN, ROW, ZOOM},
                4,
                4,
                GUTTER);
    }

    private void singleTiles(boolean on) throws Exception {
        fanout.configuration().save(SettingValues.NONE.with(Setting.SINGLE_TILE_WHEN_UNCACHED, on));
    }

    private void serverCacheOffAtZoom() {
        GeoServerTileLayer layer = tileLayer();
        // a mutable list, as GeoServer's own code and XStream need
        layer.getInfo().setExpireCacheList(new ArrayList<>(List.of(new ExpirationRule(ZOOM, -1))));
        GWC.get().save(layer);
    }

    private void cachedUpToZoom(int zoom) {
        GeoServerTileLayer layer = tileLayer();
        layer.getInfo().setExpireCacheList(null);
        for (XMLGridSubset gridSubset : layer.getInfo().getGridSubsets()) {
            gridSubset.setMaxCachedLevel(zoom);
        }
        GWC.get().save(layer);
    }

    /** The engine's locks are all released (a job's tile locks are released on their holder, just after storing). */
    private void awaitNoLockHeld() {
        await().atMost(30, TimeUnit.SECONDS).until(() -> metrics().getLocksHeld() == 0);
    }

    private FanoutMetrics metrics() {
        return fanout.metrics();
    }

    private MockHttpServletResponse tile(String format) throws Exception {
        return getAsServletResponse("gwc/service/wmts?request=GetTile&layer=" + LAYER + "&format=" + format
                + "&tilematrixset=" + GRID + "&tilematrix=" + GRID + ":" + ZOOM + "&tilerow=" + WMTS_ROW + "&tilecol="
                + COLUMN);
    }

    private static GeoServerTileLayer tileLayer() {
        return (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
    }

    private static boolean isStored(long column, long row) throws Exception {
        return GeoServerExtensions.bean(StorageBroker.class).get(query(column, row));
    }

    private static boolean isInTransientCache(long column, long row) {
        return GeoServerExtensions.bean(StorageBroker.class).getTransient(query(column, row));
    }

    private static TileObject query(long column, long row) {
        return TileObject.createQueryTileObject(LAYER, new long[] {column, row, ZOOM}, GRID, "image/png", null);
    }
}
