package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_CACHED_TO_1;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_UNCACHED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * {@code METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED}: on the zoom levels a layer does not cache (outside its grid
 * subset's cached range, or a layer whose expire cache is -1), a tile is rendered alone with its gutter, one GetMap
 * per tile, and nothing is kept; cached levels still render whole metatiles.
 *
 * <p>The tiles asked for: (5, 1) and (4, 1) of zoom 3 (16 x 8 tiles of 256 pixels), inside the layer's coverage on
 * every side; their 4 x 4 metatile, columns 4 to 7 and rows 0 to 3, has a gutter on every side but the bottom.
 */
class SingleTileTest {

    private static final String SINGLE_TILE = "METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED";

    /** The tile alone, with {@link WmtsTiles#WORLD_CACHED_TO_1}'s 16-pixel gutter on each side. */
    private static final int ALONE = 256 + 2 * 16;

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    @Test
    void aLevelOutsideTheCachedRangeRendersEachTileAloneWithItsGutterAndKeepsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(SINGLE_TILE, "true"));
        StoreGate stores = new StoreGate();
        stores.open();
        gwc.bean(StorageBroker.class).addBlobStoreListener(stores);
        int getMapsBefore = fixture.wms().getMaps();

        assertTile256(gwc.get(WmtsTiles.getTile(WORLD_CACHED_TO_1, PNG, 5, 1, 3)));
        assertTile256(gwc.get(WmtsTiles.getTile(WORLD_CACHED_TO_1, PNG, 4, 1, 3)));

        assertEquals(
                List.of(ALONE + "x" + ALONE, ALONE + "x" + ALONE), fixture.wms().getMapSizesAfter(getMapsBefore));
        assertEquals(2, gwc.metrics().getRenders());
        assertEquals(2L * ALONE * ALONE, gwc.metrics().getPixelsRendered());
        gwc.awaitIdle();
        assertEquals(0, stores.stored());
        assertEquals(0, gwc.metrics().getTilesStored());
        for (long x = 4; x < 8; x++) {
            assertFalse(gwc.stored(WORLD_CACHED_TO_1, PNG, x, 1, 3), x + ",1 stored");
            assertFalse(inTransientCache(gwc, x, 1, 3), x + ",1 in the transient cache");
        }
    }

    @Test
    void aLayerThatIsNeverCachedRendersEachTileAlone() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(SINGLE_TILE, "true"));
        int getMapsBefore = fixture.wms().getMaps();

        assertTile256(gwc.get(WmtsTiles.getTile(WORLD_UNCACHED, PNG, 5, 1, 3)));

        assertEquals(List.of("256x256"), fixture.wms().getMapSizesAfter(getMapsBefore), "no gutter on this layer");
        assertEquals(256L * 256, gwc.metrics().getPixelsRendered());
        gwc.awaitIdle();
        assertFalse(gwc.stored(WORLD_UNCACHED, PNG, 5, 1, 3));
    }

    /** GeoWebCache's own behaviour: the whole metatile, its siblings kept a moment in the transient cache. */
    @Test
    void switchedOffALevelOutsideTheCachedRangeRendersTheWholeMetatile() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        int getMapsBefore = fixture.wms().getMaps();

        assertTile256(gwc.get(WmtsTiles.getTile(WORLD_CACHED_TO_1, PNG, 5, 1, 3)));

        assertEquals(List.of("1056x1040"), fixture.wms().getMapSizesAfter(getMapsBefore));
        assertEquals(1056L * 1040, gwc.metrics().getPixelsRendered());
        gwc.awaitIdle();
        assertFalse(gwc.stored(WORLD_CACHED_TO_1, PNG, 5, 1, 3));
    }

    @Test
    void cachedLevelsStillRenderWholeMetatiles() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(SINGLE_TILE, "true"));
        int getMapsBefore = fixture.wms().getMaps();

        assertTile256(gwc.get(WmtsTiles.getTile(WORLD_CACHED_TO_1, PNG, 1, 0, 1)));

        assertEquals(List.of("1024x512"), fixture.wms().getMapSizesAfter(getMapsBefore), "zoom 1: 4 x 2 tiles");
        gwc.awaitIdle();
        assertEquals(8, gwc.metrics().getTilesStored());
    }

    private static void assertTile256(MockHttpServletResponse response) throws Exception {
        assertEquals(200, response.getStatus(), response.getContentAsString());
        assertEquals(PNG, response.getContentType());
        BufferedImage tile = ImageIO.read(new ByteArrayInputStream(response.getContentAsByteArray()));
        assertEquals(256, tile.getWidth());
        assertEquals(256, tile.getHeight());
    }

    private static boolean inTransientCache(StandaloneGeoWebCache gwc, long x, long y, int z) {
        TileObject tile =
                TileObject.createQueryTileObject(WORLD_CACHED_TO_1, new long[] {x, y, z}, "EPSG:4326", PNG, null);
        return gwc.bean(StorageBroker.class).getTransient(tile);
    }
}
