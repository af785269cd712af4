package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * A failing WMS and locks not obtained: the request fails (a lock not obtained with 503, the service being busy
 * or one of its lock providers failing), nothing stays locked, every metatile image is freed.
 */
class FailuresTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    @Test
    void aWmsAnsweringAnHttpErrorFailsTheRequestAndHoldsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        fixture.wms().failWith(500);
        assertFailedThenServed(gwc, "Unexpected response code from backend: 500");
    }

    @Test
    void aWmsAnsweringAServiceExceptionFailsTheRequestAndHoldsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        fixture.wms().answerServiceExceptions(true);
        assertFailedThenServed(gwc, "MimeType mismatch, expected image/png but got application/vnd.ogc.se_xml");
    }

    /** The engine's reader refuses the PNG from its header; ImageIO is not asked to read it either. */
    @Test
    void aWmsAnsweringAPngOfAnotherSizeThanTheGetMapsFailsTheRequestAndHoldsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        fixture.wms().answerWider(1);
        assertFailedThenServed(
                gwc, "The WMS answered no metatile image: The PNG is 1025 x 1024 pixels, not the 1024 x 1024");
    }

    @Test
    void aTimeoutOfGeoWebCachesLockProviderOnTheMetatileFailsTheRequestAndHoldsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        gwc.locks().failKeysStartingWith("meta_");
        int getMapsBefore = fixture.wms().getMaps();
        MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2));
        assertEquals(503, response.getStatus());
        assertTrue(
                response.getContentAsString().contains("Could not acquire lock 'meta_world_EPSG:4326_0_0_2.png'"),
                response.getContentAsString());
        assertEquals(0, fixture.wms().getMaps() - getMapsBefore);
        assertEquals(1, gwc.metrics().getLockFailures());
        assertNothingHeld(gwc);
    }

    /** The locks a job takes once the metatile is rendered: the tile asked for is served, unlocked ones not stored. */
    @Test
    void aTimeoutOfGeoWebCachesLockProviderOnSiblingsHoldsNothingAndFreesTheImage() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        gwc.locks().failKeysStartingWith("gwc_tile_world_EPSG:4326_1_");
        MockHttpServletResponse response = gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2));
        assertEquals(200, response.getStatus(), response.getContentAsString());
        gwc.awaitIdle();
        assertNothingHeld(gwc);
        assertEquals(4, gwc.metrics().getLockFailures(), "the locks of column 1");
        for (long y = 0; y < 4; y++) {
            assertTrue(gwc.stored(WORLD, PNG, 0, y, 2));
            assertFalse(gwc.stored(WORLD, PNG, 1, y, 2));
        }
    }

    /** A sibling request waits for the metatile at most the engine's lock timeout while a GetMap is slow. */
    @Test
    void theEnginesLockTimeoutFailsTheWaitingRequestAndHoldsNothing() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of("METATILE_FANOUT_LOCK_TIMEOUT_SECONDS", "1"));
        int getMapsBefore = fixture.wms().getMaps();
        fixture.wms().hold();
        CompletableFuture<MockHttpServletResponse> first =
                CompletableFuture.supplyAsync(() -> get(gwc, WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)));
        fixture.wms().awaitHeld();
        MockHttpServletResponse sibling = gwc.get(WmtsTiles.getTile(WORLD, PNG, 1, 0, 2));
        assertEquals(503, sibling.getStatus());
        assertTrue(
                sibling.getContentAsString().contains("Could not acquire lock 'meta_world_EPSG:4326_0_0_2.png'"),
                sibling.getContentAsString());
        fixture.wms().release();
        assertEquals(200, first.get(30, TimeUnit.SECONDS).getStatus());
        assertEquals(1, fixture.wms().getMaps() - getMapsBefore);
        gwc.awaitIdle();
        assertNothingHeld(gwc);
    }

    /** Fails once with {@code message}, then, the WMS answering again, serves the tile with one more GetMap. */
    private static void assertFailedThenServed(StandaloneGeoWebCache gwc, String message) throws Exception {
        int getMapsBefore = fixture.wms().getMaps();
        MockHttpServletResponse failed = gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2));
        assertEquals(400, failed.getStatus());
        assertTrue(failed.getContentAsString().contains(message), failed.getContentAsString());
        assertEquals(1, gwc.metrics().getRenderFailures());
        assertNothingHeld(gwc);
        fixture.wms().reset();
        assertEquals(200, gwc.get(WmtsTiles.getTile(WORLD, PNG, 0, 0, 2)).getStatus());
        assertEquals(2, fixture.wms().getMaps() - getMapsBefore);
    }

    private static void assertNothingHeld(StandaloneGeoWebCache gwc) {
        assertEquals(List.of(), gwc.locks().held(), "GeoWebCache's locks held");
        assertEquals(0, gwc.metrics().getLocksHeld(), "engine locks held");
        assertEquals(0, gwc.metrics().getMetatileImagesAlive(), "metatile images not freed");
    }

    private static MockHttpServletResponse get(StandaloneGeoWebCache gwc, String path) {
        try {
            return gwc.get(path);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
