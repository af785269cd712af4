package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_GUTTER;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Map.Entry;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.BeanCreationException;

/**
 * With {@code METATILE_FANOUT_PNG_ENCODER=fanout}, PNG tiles are the engine's encoding: each decodes to exactly the
 * pixels of stock GeoWebCache's tile, with one GetMap per metatile. Every tile of zoom levels 2 and 3, asked for over
 * WMTS from GeoWebCache with and without the plugin, on the same WMS. RGBA tiles may even come out byte for byte as
 * GeoWebCache's (the same deflate level, and no row filter, as the JDK's writer chooses for them); palette tiles do
 * not.
 */
class FanoutPngEncoderTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    private static final Map<String, String> FANOUT_PNG_ENCODER = Map.of(PngEncoderSetting.NAME, "fanout");

    @Test
    void tilesOfRgbaAnswersDecodeToStocksPixels() throws Exception {
        assertSamePixelsAsStock(WORLD, false);
    }

    @Test
    void tilesOfPaletteAnswersWithAGutterDecodeToStocksPixelsInTheEnginesBytes() throws Exception {
        fixture.wms().answerWithPalettes(true);
        assertEquals(320, assertSamePixelsAsStock(WORLD_GUTTER, true), "tiles written by the engine's encoder");
    }

    @Test
    void aValueThatIsNoEncoderStopsStartUpNamingTheSettingTheValueAndTheAllowedOnes() {
        BeanCreationException refused = assertThrows(
                BeanCreationException.class, () -> fixture.withPlugin(Map.of(PngEncoderSetting.NAME, "imageio")));
        assertEquals(
                "METATILE_FANOUT_PNG_ENCODER is 'imageio', but it must be geowebcache (the default) or fanout",
                refused.getMostSpecificCause().getMessage());
    }

    /**
     * @param palette whether both write palette PNGs (the WMS answering with a palette), else RGBA ones
     * @return how many of the 320 tiles asked for differ from stock's in their bytes
     */
    private static int assertSamePixelsAsStock(String layer, boolean palette) throws Exception {
        int getMapsBefore = fixture.wms().getMaps();
        Map<String, byte[]> stockTiles = StockIdentityTest.everyTileTwice(fixture.stock(), layer, PNG);
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "stock: one GetMap per metatile");

        StandaloneGeoWebCache plugin = fixture.withPlugin(FANOUT_PNG_ENCODER);
        getMapsBefore = fixture.wms().getMaps();
        Map<String, byte[]> pluginTiles = StockIdentityTest.everyTileTwice(plugin, layer, PNG);
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "plugin: one GetMap per metatile");
        assertEquals(10, plugin.metrics().getRenders());

        assertEquals(stockTiles.keySet(), pluginTiles.keySet());
        int otherBytes = 0;
        for (Entry<String, byte[]> tile : stockTiles.entrySet()) {
            byte[] pluginTile = pluginTiles.get(tile.getKey());
            assertArrayEquals(argb(tile.getValue(), palette), argb(pluginTile, palette), tile.getKey());
            otherBytes += Arrays.equals(tile.getValue(), pluginTile) ? 0 : 1;
        }
        return otherBytes;
    }

    /** The tile's pixels as {@link BufferedImage#getRGB} shows them, after checking that it is a 256 x 256 PNG. */
    private static int[] argb(byte[] png, boolean palette) throws IOException {
        assertTrue(png.length > 8 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG");
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertNotNull(image);
        assertEquals(256, image.getWidth());
        assertEquals(256, image.getHeight());
        assertEquals(palette, image.getColorModel() instanceof IndexColorModel, "a palette");
        return image.getRGB(0, 0, 256, 256, null, 0, 256);
    }
}
