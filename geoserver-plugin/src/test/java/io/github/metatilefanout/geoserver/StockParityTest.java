package io.github.metatilefanout.geoserver;

import static io.github.metatilefanout.geoserver.TileImages.decode;
import static io.github.metatilefanout.geoserver.TileImages.pixels;
import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.geoserver.catalog.Catalog;
import org.geoserver.catalog.CatalogBuilder;
import org.geoserver.catalog.LayerGroupInfo;
import org.geoserver.catalog.LayerInfo;
import org.geoserver.catalog.StyleInfo;
import org.geoserver.catalog.WorkspaceInfo;
import org.geoserver.config.GeoServerInfo;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.layer.TileLayerInfoUtil;
import org.geoserver.ows.Dispatcher;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.platform.resource.Resource;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.diskquota.DiskQuotaMonitor;
import org.geowebcache.filter.parameters.StringParameterFilter;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin's answer against stock GeoServer's for the same request, a miss each time: decoded pixels
 * and headers, for every image format GeoServer caches and for the cases where GeoServer chooses what to
 * render from the tile layer's configuration. A difference here means GeoServer changed something the
 * plugin repeats ({@link GetMapRenderer}, {@link MapResponseTileEncoder}).
 */
public class StockParityTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String LAKES = MockData.LAKES.getPrefix() + ":" + MockData.LAKES.getLocalPart();
    private static final String GROUP = "parity_group";
    private static final String WORKSPACE_GROUP = MockData.CITE_PREFIX + ":parity_cite_group";
    private static final String GRID = "EPSG:4326";
    /** Zoom 5 of EPSG:4326 (5.625 degrees a tile): the tiles around 0,0 hold the test polygons. */
    private static final int ZOOM = 5;

    private static final List<long[]> TILES = List.of(new long[] {31, 15}, new long[] {32, 16}, new long[] {29, 13});

    /** The image formats GeoServer offers for caching (its {@code advertised_formats.properties}). */
    private static final List<String> FORMATS =
            List.of("image/png", "image/png8", "image/jpeg", "image/gif", "image/vnd.jpeg-png", "image/vnd.jpeg-png8");

    /** Headers whose values depend on the time of the request. */
    private static final Set<String> TIMED_HEADERS = Set.of("Last-Modified", "Expires", "Date");

    private GeoServerFanout fanout;

    /**
     * GeoWebCache's disk quota monitor off for this class: its usage statistics thread looks tile layers up
     * after the requests that fed it, and the first look-up of a tile layer built from its stored
     * configuration replaces the default style recorded in its style parameter filter with the layer's own,
     * for stock GeoServer as for the plugin. Left on, it would decide which style a comparison renders.
     */
    @BeforeClass
    public static void diskQuotaMonitorOff() {
        System.setProperty(DiskQuotaMonitor.GWC_DISKQUOTA_DISABLED, "true");
    }

    @AfterClass
    public static void diskQuotaMonitorBackOn() {
        System.clearProperty(DiskQuotaMonitor.GWC_DISKQUOTA_DISABLED);
    }

    /**
     * A fresh data directory before each test, as GeoServer's own GWC tests do; every tile layer with all the
     * formats; no meta-tiling pool, so that every tile is stored before its answer and a truncate leaves
     * nothing behind.
     */
    @Before
    public void prepare() throws Exception {
        FreshDataDirectory.restore(getTestData(), getGeoServer());

        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig();
        config.setMetaTilingThreads(0);
        config.setLockProviderName(null);
        gwc.saveConfig(config);
        addFormats(LAYER);
    }

    @After
    public void restoreGlobalServicesAndEngine() {
        Dispatcher.REQUEST.remove();
        EngineSwitch.set(true);
        GeoServerInfo global = getGeoServer().getGlobal();
        global.setGlobalServices(true);
        getGeoServer().save(global);
    }

    @Test
    public void everyCachedImageFormatMatchesStock() throws Exception {
        for (String format : FORMATS) {
            for (long[] tile : TILES) {
                assertSameAsStock(LAYER, wmts(LAYER, format, tile, ""));
            }
        }
    }

    @Test
    public void wmsTiledRequestsMatchStock() throws Exception {
        GWCConfig config = GWC.get().getConfig();
        config.setDirectWMSIntegrationEnabled(true);
        GWC.get().saveConfig(config);
        for (String format : FORMATS) {
            assertSameAsStock(LAYER, wmsTiled(LAYER, format, TILES.get(0)));
        }
    }

    /**
     * The style parameter filter names a default style of its own (as the Tile Caching tab records it):
     * GeoServer renders that style for a request that names none.
     */
    @Test
    public void styleFilterWithItsOwnDefaultStyleMatchesStock() throws Exception {
        Catalog catalog = getCatalog();
        LayerInfo layer = catalog.getLayerByName(LAYER);
        StyleInfo polygon = catalog.getStyleByName("polygon");
        layer.getStyles().add(polygon);
        catalog.save(layer);
        GeoServerTileLayer tileLayer = tileLayer(LAYER);
        TileLayerInfoUtil.setCachedStyles(tileLayer.getInfo(), "polygon", Set.of("polygon", "BasicPolygons"));
        GWC.get().save(tileLayer);

        for (long[] tile : TILES) {
            BufferedImage noStyle = assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, ""));
            BufferedImage filterDefault = assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, "&style=polygon"));
            BufferedImage layerDefault =
                    assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, "&style=BasicPolygons"));
            assertArrayEquals(pixels(filterDefault), pixels(noStyle));
            if (tile == TILES.get(0)) {
                assertFalse("the two styles differ", Arrays.equals(pixels(filterDefault), pixels(layerDefault)));
            }
        }
    }

    /**
     * The tile layer's configuration records a default style in its style parameter filter ({@code
     * defaultStyle}, the layer's default when the filter was last saved) that is no longer the layer's own
     * default: GeoServer renders the recorded one for a request that names no style, from a fresh start.
     */
    @Test
    public void styleFilterRecordingAnotherDefaultStyleMatchesStock() throws Exception {
        Catalog catalog = getCatalog();
        LayerInfo layer = catalog.getLayerByName(LAYER);
        layer.getStyles().add(catalog.getStyleByName("polygon"));
        catalog.save(layer);
        GeoServerTileLayer tileLayer = tileLayer(LAYER);
        TileLayerInfoUtil.setCachedStyles(tileLayer.getInfo(), "", Set.of("polygon", "BasicPolygons"));
        GWC.get().save(tileLayer);
        Resource stored = tileLayerResource(LAYER);
        String configuration = new String(stored.getContents(), StandardCharsets.UTF_8);
        String recorded = "<defaultStyle>BasicPolygons</defaultStyle>";
        assertTrue(configuration, configuration.contains(recorded));
        stored.setContents(configuration
                .replace(recorded, "<defaultStyle>polygon</defaultStyle>")
                .getBytes(StandardCharsets.UTF_8));

        for (long[] tile : TILES) {
            BufferedImage noStyle = assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, ""), this::restart);
            BufferedImage polygon = assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, "&style=polygon"));
            assertArrayEquals("GeoServer renders the recorded style", pixels(polygon), pixels(noStyle));
        }
    }

    /** A parameter filter other than the style's, with a default value, asked for with and without it. */
    @Test
    public void otherParameterFilterMatchesStock() throws Exception {
        GeoServerTileLayer tileLayer = tileLayer(LAYER);
        StringParameterFilter filter = new StringParameterFilter();
        filter.setKey("CQL_FILTER");
        filter.setDefaultValue("ID IS NULL OR ID <> 'x'");
        filter.setValues(List.of("ID IS NULL OR ID <> 'x'", "INCLUDE", "EXCLUDE"));
        tileLayer.getInfo().addParameterFilter(filter);
        GWC.get().save(tileLayer);

        for (long[] tile : TILES) {
            assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, ""));
            assertSameAsStock(LAYER, wmts(LAYER, "image/png", tile, "&CQL_FILTER=INCLUDE"));
            assertSameAsStock(LAYER, wmts(LAYER, "image/png8", tile, "&CQL_FILTER=EXCLUDE"));
        }
    }

    @Test
    public void layerGroupMatchesStock() throws Exception {
        addGroup(GROUP, null);
        for (String format : List.of("image/png", "image/jpeg")) {
            for (long[] tile : TILES) {
                assertSameAsStock(GROUP, wmts(GROUP, format, tile, ""));
            }
        }
    }

    /**
     * With global services off, tiles are asked for through the workspace's own GeoWebCache services, and
     * GeoServer renders a metatile through that workspace's services.
     */
    @Test
    public void workspaceLayerAndGroupWithoutGlobalServicesMatchStock() throws Exception {
        addGroup(WORKSPACE_GROUP.substring(WORKSPACE_GROUP.indexOf(':') + 1), MockData.CITE_PREFIX);
        GeoServerInfo global = getGeoServer().getGlobal();
        global.setGlobalServices(false);
        getGeoServer().save(global);

        for (long[] tile : TILES) {
            assertSameAsStock(LAYER, MockData.CITE_PREFIX + "/" + wmts(LAYER, "image/png", tile, ""));
            assertSameAsStock(
                    WORKSPACE_GROUP, MockData.CITE_PREFIX + "/" + wmts(WORKSPACE_GROUP, "image/png", tile, ""));
        }
    }

    private BufferedImage assertSameAsStock(String tileLayer, String path) throws Exception {
        return assertSameAsStock(tileLayer, path, () -> {});
    }

    /**
     * Asks for {@code path} through stock GeoServer's path (the plugin switched off: GeoServer's own tile
     * layers), then through the engine, each a miss in an emptied cache after {@code before}; asserts the
     * engine rendered the second, and that both give the same status, headers and pixels; returns the image.
     */
    private BufferedImage assertSameAsStock(String tileLayer, String path, Step before) throws Exception {
        // a metatile still in flight from an earlier request would answer from its image, rendered before `before`
        await().atMost(Duration.ofSeconds(30)).until(() -> fanout.metrics().getMetatilesInFlight() == 0);
        EngineSwitch.set(false);
        GWC.get().truncate(tileLayer);
        before.run();
        MockHttpServletResponse stock = getAsServletResponse(path);
        assertFalse(path, GWC.get().getTileLayerByName(tileLayer) instanceof FanoutTileLayer);
        EngineSwitch.set(true);
        GWC.get().truncate(tileLayer);
        before.run();
        long renders = fanout.metrics().getRenders();
        MockHttpServletResponse ours = getAsServletResponse(path);

        assertEquals(path + ": " + stock.getContentAsString(), 200, stock.getStatus());
        BufferedImage image = decode(stock);
        assertEquals(
                path + ": " + ours.getContentAsString(),
                renders + 1,
                fanout.metrics().getRenders());
        assertEquals(path, headers(stock), headers(ours));
        assertArrayEquals(path, pixels(image), pixels(decode(ours)));
        return image;
    }

    /** Something done before each of the two requests of a comparison. */
    private interface Step {
        void run() throws Exception;
    }

    /** GeoServer's tile layers built again from their stored configuration, as on a start. */
    private void restart() {
        ((CatalogConfiguration) applicationContext.getBean(FanoutConfigurationPostProcessor.CATALOG_CONFIGURATION_BEAN))
                .reset();
    }

    /** The resource in the data directory that holds the configuration of tile layer {@code name}. */
    private Resource tileLayerResource(String name) throws IOException {
        String marker = "<name>" + name + "</name>";
        for (Resource resource : getDataDirectory().get("gwc-layers").list()) {
            if (new String(resource.getContents(), StandardCharsets.UTF_8).contains(marker)) {
                return resource;
            }
        }
        throw new AssertionError("no configuration file for tile layer " + name);
    }

    /** The response's headers and their values, but for the ones that depend on the time of the request. */
    private static Map<String, List<String>> headers(MockHttpServletResponse response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String name : response.getHeaderNames()) {
            if (!TIMED_HEADERS.contains(name) && !name.equalsIgnoreCase("Content-Length")) {
                headers.put(name, response.getHeaders(name));
            }
        }
        return headers;
    }

    private static String wmts(String layer, String format, long[] tile, String more) {
        return "gwc/service/wmts?request=GetTile&layer=" + layer + "&format=" + format + "&tilematrixset=" + GRID
                + "&tilematrix=" + GRID + ":" + ZOOM + "&tilecol=" + tile[0] + "&tilerow=" + tile[1] + more;
    }

    /** The tile through GeoServer's WMS with {@code tiled=true}, answered by GeoWebCache. */
    private static String wmsTiled(String layer, String format, long[] tile) {
        double size = 180.0 / (1 << ZOOM);
        double minX = -180 + tile[0] * size;
        double maxY = 90 - tile[1] * size;
        return "wms?service=WMS&version=1.1.1&request=GetMap&layers=" + layer + "&styles=&srs=" + GRID + "&bbox="
                + minX + "," + (maxY - size) + "," + (minX + size) + "," + maxY + "&width=256&height=256&format="
                + format + "&tiled=true";
    }

    private void addGroup(String name, String workspace) throws Exception {
        Catalog catalog = getCatalog();
        LayerGroupInfo group = catalog.getFactory().createLayerGroup();
        group.setName(name);
        if (workspace != null) {
            WorkspaceInfo info = catalog.getWorkspaceByName(workspace);
            group.setWorkspace(info);
        }
        group.getLayers().add(catalog.getLayerByName(LAKES));
        group.getLayers().add(catalog.getLayerByName(LAYER));
        group.getStyles().add(null);
        group.getStyles().add(null);
        new CatalogBuilder(catalog).calculateLayerGroupBounds(group);
        catalog.add(group);
        String tileLayer = workspace == null ? name : workspace + ":" + name;
        if (!GWC.get().tileLayerExists(tileLayer)) {
            GWC.get()
                    .add(new GeoServerTileLayer(
                            catalog.getLayerGroupByName(tileLayer),
                            GWC.get().getConfig(),
                            GWC.get().getGridSetBroker()));
        }
        addFormats(tileLayer);
    }

    private static void addFormats(String name) {
        GeoServerTileLayer layer = tileLayer(name);
        layer.getInfo().getMimeFormats().addAll(FORMATS);
        GWC.get().save(layer);
    }

    private static GeoServerTileLayer tileLayer(String name) {
        return (GeoServerTileLayer) GWC.get().getTileLayerByName(name);
    }
}
