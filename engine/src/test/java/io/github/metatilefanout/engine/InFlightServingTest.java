package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import java.awt.Rectangle;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request for a tile of a metatile in flight is served from the metatile's image, whatever the state of
 * that tile, without a second render, a second job or a lock asked for twice by one thread. The lock
 * provider is not reentrant and releases only on the acquiring thread, as GeoWebCache's NIO provider.
 * Runs with {@link LockProtocol#TILE_LOCKS} here and {@link LockProtocol#STORING_LOCK} in {@link
 * InFlightServingStoringLockTest}.
 */
class InFlightServingTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    LockProtocol protocol() {
        return LockProtocol.TILE_LOCKS;
    }

    private final NonReentrantLockProvider locks = new NonReentrantLockProvider();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private FanoutEngine engine = new FanoutEngine("test", locks, protocol(), store, FanoutSettings.withPoolSize(2));

    private final TileKey asked = tile("roads", 0, 0);
    private final TileKey sibling = tile("roads", 2, 1);
    private final Metatile metatile = metatile(4, asked);

    @AfterEach
    void tearDown() {
        engine.close(Duration.ofSeconds(5));
        clients.shutdownNow();
    }

    /** A sibling asked while its metatile is in flight is served from memory without a store lookup (an S3 GET). */
    @Test
    void aSiblingInFlightIsServedWithoutLookingUpTheStore() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        engine.getTile(request(asked, 4, renderer, encoder));

        TileResponse response = get(sibling);

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        assertEquals(0, store.lookups(sibling));
        putGate.countDown();
        assertStoredOnceButFor(List.of());
    }

    @Test
    void aSiblingWhoseEncodingFailedIsEncodedAgainFromTheImage() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        AtomicInteger failuresLeft = new AtomicInteger(1);
        Rectangle siblingBounds = metatile.tileBounds(metatile.indexOf(sibling));
        encoder.failingFor(bounds -> bounds.equals(siblingBounds) && failuresLeft.getAndDecrement() > 0);
        engine.getTile(request(asked, 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getEncodeFailures() == 1);

        TileResponse response = get(sibling);

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        putGate.countDown();
        assertStoredOnceButFor(List.of(sibling));
    }

    /** On a level known to keep its tiles only transiently (outside the cached range), a sibling shares the metatile. */
    @Test
    void aSiblingOnALevelKeptOnlyTransientlyIsServedFromTheMetatileInFlight() throws Exception {
        CountDownLatch encodeGate = inFlightWithAPoolThreadAtTheGate(
                request(asked, 4, renderer, encoder).withCachePolicy(CachePolicy.TRANSIENT));

        TileResponse response = clients.submit(() ->
                        engine.getTile(request(sibling, 4, renderer, encoder).withCachePolicy(CachePolicy.TRANSIENT)))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertEquals(Source.IN_FLIGHT, response.source());
        assertEquals(1, renderer.totalRenders());
        encodeGate.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(16, store.totalTransientPuts());
    }

    /**
     * A metatile its render found to be cached only transiently (GeoServer's dimension warnings) is not shared with a
     * request expecting its tile stored: that request renders again, as on GeoServer's path, where its own GetMap
     * gives it the warnings and caching headers of its answer.
     */
    @Test
    void aMetatileTheRenderFoundTransientIsNotSharedWithARequestExpectingItsTileStored() throws Exception {
        MetatileRenderer warns = metatile -> renderer.render(metatile).withCachePolicy(CachePolicy.TRANSIENT);
        CountDownLatch encodeGate = inFlightWithAPoolThreadAtTheGate(request(asked, 4, warns, encoder));

        Future<TileResponse> again = clients.submit(() -> engine.getTile(request(sibling, 4, warns, encoder)));
        encodeGate.countDown(); // it looks its tile up again once the job has put it in the transient cache

        TileResponse response = again.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertEquals(Source.RENDERED, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        assertEquals(2, renderer.totalRenders());
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(0, store.totalPuts());
    }

    @Test
    void aSiblingBeingEncodedElsewhereIsAwaitedWithoutWaitingForTheStores() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        CountDownLatch encodeGate = inFlightWithAPoolThreadAtTheGate(request(asked, 4, renderer, encoder));

        encodeGate.countDown();
        for (int i = 0; i < metatile.tileCount(); i++) {
            TileKey tile = metatile.tile(i);
            TileResponse response = get(tile);
            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(tile)));
        }

        assertEquals(0, store.totalPuts(), "served while every put still waits");
        putGate.countDown();
        assertStoredOnceButFor(List.of());
    }

    @Test
    void aSiblingStuckInAnotherThreadsEncoderIsEncodedAgainAfterTheLockTimeout() throws Exception {
        engine.close();
        engine = new FanoutEngine(
                "test",
                locks,
                protocol(),
                store,
                FanoutSettings.withPoolSize(2).withLockTimeout(Duration.ofSeconds(1)));
        CountDownLatch encodeGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(encodeGate);
        engine.getTile(request(asked, 4, renderer, encoder));
        await().atMost(BOUND).until(() -> encoder.started() >= 2);
        TileKey stuck = firstTileEncodingOnThePool();

        TileResponse response = get(stuck);

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(stuck)));
        encodeGate.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(1, renderer.totalRenders());
        assertEquals(List.of(), locks.reentrantRequests());
    }

    @Test
    void anUnclaimedSiblingOfAQueuedJobIsEncodedByItsRequest() throws Exception {
        engine.reconfigure(new FanoutSettings(1, 1, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 40, 40), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getActiveThreads() == 1);
        engine.getTile(request(asked, 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1);

        TileResponse response = get(sibling);

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        poolGate.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(1, renderer.renders(metatile));
        assertEquals(1, store.puts(sibling));
        assertEquals(List.of(), locks.reentrantRequests());
    }

    /** Serves {@code first}; returns once its job is in flight with a pool thread held at the gate returned. */
    private CountDownLatch inFlightWithAPoolThreadAtTheGate(TileRequest first) throws TileException {
        CountDownLatch encodeGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(encodeGate);
        engine.getTile(first);
        await().atMost(BOUND).until(() -> encoder.started() >= 2);
        return encodeGate;
    }

    private TileResponse get(TileKey tile) throws Exception {
        return clients.submit(() -> engine.getTile(request(tile, 4, renderer, encoder)))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);
    }

    /** A tile of {@link #metatile} that a pool thread has claimed: the gate holds its encoding. */
    private TileKey firstTileEncodingOnThePool() {
        // the pool owner claims tiles in index order, skipping the requested one
        int first = metatile.indexOf(asked) == 0 ? 1 : 0;
        return metatile.tile(first);
    }

    private void assertStoredOnceButFor(List<TileKey> notStored) {
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(1, renderer.totalRenders());
        for (int i = 0; i < metatile.tileCount(); i++) {
            TileKey tile = metatile.tile(i);
            assertEquals(notStored.contains(tile) ? 0 : 1, store.puts(tile), "puts of " + tile);
        }
        assertEquals(List.of(), locks.reentrantRequests());
        assertTrue(renderer.everyImageDisposedOnce());
    }
}
