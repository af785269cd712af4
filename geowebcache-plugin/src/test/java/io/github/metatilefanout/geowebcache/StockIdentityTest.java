package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.JPEG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_GUTTER;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_MODIFIED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.layer.wms.WMSLayer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin answers and stores the very bytes stock GeoWebCache does, with as many GetMaps: every tile of zoom
 * levels 2 and 3, asked for over WMTS from GeoWebCache with and without the plugin, on the same WMS. PNG tiles are
 * the engine's encoder's by default, GeoWebCache's writer's with {@code METATILE_FANOUT_PNG_ENCODER=geowebcache},
 * which the plugin keeps anyway for JPEG and a layer with a format modifier for PNG.
 */
class StockIdentityTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    private static final Map<String, String> GEOWEBCACHE_PNG_WRITER = Map.of(PngEncoderSetting.NAME, "geowebcache");

    @Test
    void pngTilesAreByteIdenticalToStock() throws Exception {
        assertIdentical(WORLD, PNG, Map.of());
    }

    @Test
    void jpegTilesAreByteIdenticalToStock() throws Exception {
        assertIdentical(WORLD, JPEG, Map.of());
    }

    @Test
    void tilesOfALayerWithAGutterAreByteIdenticalToStock() throws Exception {
        assertIdentical(WORLD_GUTTER, PNG, Map.of());
    }

    @Test
    void pngTilesOfA4BitPaletteAnswerWithATransparentEntryAfterOpaqueOnesAreByteIdenticalToStock() throws Exception {
        fixture.wms().answerWithPalettes(true);
        assertIdentical(WORLD_GUTTER, PNG, Map.of());
    }

    @Test
    void pngTilesAreByteIdenticalToStockWithGeoWebCachesWriter() throws Exception {
        fixture.wms().answerWithPalettes(true);
        assertIdentical(WORLD_GUTTER, PNG, GEOWEBCACHE_PNG_WRITER);
    }

    @Test
    void pngTilesOfALayerWithAFormatModifierAreByteIdenticalToStock() throws Exception {
        fixture.wms().answerWithPalettes(true);
        assertIdentical(WORLD_MODIFIED, PNG, Map.of());
    }

    /**
     * Asks both for every tile of zoom 2 and 3 (10 metatiles), then for the same tiles again, from the cache; {@code
     * settings} are the plugin's.
     */
    private static void assertIdentical(String layer, String format, Map<String, String> settings) throws Exception {
        StandaloneGeoWebCache stock = fixture.stock();
        assertEquals(
                WMSLayer.class,
                stock.bean(TileLayerDispatcher.class).getTileLayer(layer).getClass());
        int getMapsBefore = fixture.wms().getMaps();
        Map<String, byte[]> stockTiles = everyTileTwice(stock, layer, format);
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "stock: one GetMap per metatile");

        StandaloneGeoWebCache plugin = fixture.withPlugin(settings);
        assertInstanceOf(
                FanoutWMSLayer.class, plugin.bean(TileLayerDispatcher.class).getTileLayer(layer));
        getMapsBefore = fixture.wms().getMaps();
        Map<String, byte[]> pluginTiles = everyTileTwice(plugin, layer, format);
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "plugin: one GetMap per metatile");
        assertEquals(10, plugin.metrics().getRenders());

        assertEquals(stockTiles.keySet(), pluginTiles.keySet());
        for (Entry<String, byte[]> tile : stockTiles.entrySet()) {
            assertArrayEquals(tile.getValue(), pluginTiles.get(tile.getKey()), tile.getKey());
        }
    }

    /** Every tile of zoom 2 and 3 of {@code layer} by {@code "<pass> z/x/y"}, asked for twice: first, then again. */
    static Map<String, byte[]> everyTileTwice(StandaloneGeoWebCache gwc, String layer, String format) throws Exception {
        Map<String, byte[]> tiles = new LinkedHashMap<>();
        for (String pass : List.of("first", "again")) {
            for (int z = 2; z <= 3; z++) {
                for (long x = 0; x < 2L << z; x++) {
                    for (long y = 0; y < 1L << z; y++) {
                        MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(layer, format, x, y, z));
                        assertEquals(200, response.getStatus(), response.getContentAsString());
                        assertEquals(format, response.getContentType());
                        tiles.put(pass + " " + z + "/" + x + "/" + y, response.getContentAsByteArray());
                    }
                }
            }
        }
        return tiles;
    }
}
