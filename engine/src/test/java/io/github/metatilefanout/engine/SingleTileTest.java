package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.COVERAGE;
import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link FanoutSettings#singleTileWhenUncached()}: where tiles are not kept, a request that offers its tile
 * alone (with its gutter) gets that rendered instead of the whole metatile; everywhere else nothing changes.
 */
class SingleTileTest {

    private static final int GUTTER = 2;

    private final RecordingLockProvider locks = new RecordingLockProvider(new MemoryLockProvider());
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final FanoutEngine engine = new FanoutEngine(
            "test",
            locks,
            LockProtocol.TILE_LOCKS,
            store,
            new FanoutSettings(2, 2, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, true));

    private final TileKey asked = tile("roads", 5, 6);
    private final Metatile alone = new MetatileGeometry(1, 1, 8, 8, GUTTER).metatileOf(asked, COVERAGE);

    @AfterEach
    void tearDown() {
        engine.close();
    }

    @ParameterizedTest
    @EnumSource(
            value = CachePolicy.class,
            names = {"NONE", "TRANSIENT"})
    void anUncachedLevelRendersTheTileAloneWithItsGutterAndKeepsNothing(CachePolicy policy) throws Exception {
        TileResponse response = engine.getTile(offeringTheTileAlone(policy));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(1, renderer.renders(alone));
        assertEquals(0, renderer.renders(metatile(4, asked)));
        assertEquals((8 + 2 * GUTTER) * (8 + 2 * GUTTER), engine.metrics().getPixelsRendered());
        assertEquals(0, store.totalPuts() + store.totalTransientPuts());
        assertEquals(0, locks.operations());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void aCachedLevelStillRendersTheMetatile() throws Exception {
        engine.getTile(offeringTheTileAlone(CachePolicy.PERSIST));

        assertEquals(1, renderer.renders(metatile(4, asked)));
        assertEquals(0, renderer.renders(alone));
        assertEquals(32 * 32, engine.metrics().getPixelsRendered());
    }

    @Test
    void withTheSettingOffAnUncachedLevelRendersTheMetatile() throws Exception {
        engine.reconfigure(new FanoutSettings(2, 2, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));

        engine.getTile(offeringTheTileAlone(CachePolicy.NONE));

        assertEquals(1, renderer.renders(metatile(4, asked)));
        assertEquals(0, renderer.renders(alone));
    }

    @Test
    void aRequestThatOffersNoSingleTileRendersTheMetatile() throws Exception {
        engine.getTile(request(asked, 4, renderer, encoder).withCachePolicy(CachePolicy.NONE));

        assertEquals(1, renderer.renders(metatile(4, asked)));
    }

    @Test
    void theSingleTileMustHoldTheTileAsked() {
        Metatile other = new MetatileGeometry(1, 1, 8, 8, GUTTER).metatileOf(tile("roads", 4, 6), COVERAGE);

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> withSingleTile(request(asked, 4, renderer, encoder), other));
        assertTrue(e.getMessage().contains(asked.toString()), e.getMessage());
    }

    private TileRequest offeringTheTileAlone(CachePolicy policy) {
        return withSingleTile(request(asked, 4, renderer, encoder).withCachePolicy(policy), alone);
    }

    private static TileRequest withSingleTile(TileRequest request, Metatile alone) {
        return new TileRequest(
                request.tile(),
                request.metatile(),
                request.renderer(),
                request.encoder(),
                request.cachePolicy(),
                request.mode(),
                alone);
    }
}
