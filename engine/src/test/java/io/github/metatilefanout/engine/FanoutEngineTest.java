package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.awt.Rectangle;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FanoutEngineTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private final HeldLocks locks = new HeldLocks();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private FanoutEngine engine =
            new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(2));

    @AfterEach
    void tearDown() {
        engine.close();
        clients.shutdownNow();
    }

    @Test
    void rendersOnceAndStoresEveryTileOnce() throws Exception {
        TileKey asked = tile("roads", 5, 6);
        Metatile metatile = metatile(4, asked);

        TileResponse response = engine.getTile(request(asked, 4, renderer, encoder));

        assertEquals(Source.RENDERED, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        awaitIdle();
        assertEquals(1, renderer.renders(metatile));
        for (int i = 0; i < metatile.tileCount(); i++) {
            TileKey tile = metatile.tile(i);
            assertEquals(1, store.puts(tile), "puts of " + tile);
            assertTrue(
                    RawEncoder.isPlainTile(store.get(tile).data(), ColorRenderer.colorOf(tile)), "pixels of " + tile);
        }
        assertEquals(16, store.totalPuts());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    /**
     * With the only pool thread busy and the queue free, a request for an uncached 10x10 metatile answers after
     * exactly one encode, its own tile's; its job waits in the queue, then its thread stores every tile once.
     */
    @Test
    void aRequestWhoseJobWaitsInTheQueueAnswersAfterExactlyOneEncode() throws Exception {
        engine.close();
        engine = new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(1));
        CountDownLatch gate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(gate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> encoder.started() == 2); // the pool's thread held at the gate

        engine.getTile(request(tile("roads", 20, 20), 10, renderer, encoder));

        assertEquals(3, encoder.started(), "one more encode: the requested tile's");
        assertEquals(0, engine.metrics().getTilesEncodedOnCaller());
        assertEquals(2, engine.metrics().getJobsHandedOff());
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1);
        gate.countDown();
        awaitIdle();
        assertEquals(116, store.totalPuts());
        assertEquals(15 + 99, engine.metrics().getTilesEncodedOnPool());
    }

    /** A request whose job a pool thread starts at once answers after its own tile: it encodes none of the others. */
    @Test
    void aRequestWhoseJobAPoolThreadStartsAtOnceEncodesNoOtherTile() throws Exception {
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));

        awaitIdle();
        assertEquals(0, engine.metrics().getTilesEncodedOnCaller());
        assertEquals(15, engine.metrics().getTilesEncodedOnPool());
        assertEquals(16, store.totalPuts());
    }

    @Test
    void answersFromTheStoreOnceStoredWithTheTimeTheStoreGives() throws Exception {
        TileKey asked = tile("roads", 5, 6);
        long before = System.currentTimeMillis();
        TileResponse rendered = engine.getTile(request(asked, 4, renderer, encoder));
        awaitIdle();
        long after = System.currentTimeMillis();

        TileResponse again = engine.getTile(request(tile("roads", 4, 7), 4, renderer, encoder));

        assertEquals(Source.CACHE, again.source());
        assertEquals(1, renderer.totalRenders());
        assertTrue(again.createdMillis() >= before && again.createdMillis() <= after, "" + again.createdMillis());
        assertEquals(StoredTile.TIME_NOT_KNOWN, rendered.createdMillis());
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 10})
    void firstTileComesBackAfterOneEncodeWhateverTheMetatileSize(int metaFactor) throws Exception {
        // every encode takes the same time; pool threads may only finish theirs after the answer, so the
        // answer coming back at all shows it waits for no encode but its own
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.taking(Duration.ofMillis(20)).poolThreadsGatedBy(poolGate);
        TileKey asked = tile("roads", 3, 3);

        TileResponse response =
                assertTimeoutPreemptively(BOUND, () -> engine.getTile(request(asked, metaFactor, renderer, encoder)));
        int completedWhenAnswered = encoder.completed();
        boolean onlyAskedStored = store.putsByTile().keySet().stream().allMatch(asked::equals);
        poolGate.countDown();

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(1, completedWhenAnswered);
        assertTrue(onlyAskedStored, "no tile but the asked one stored before the pool could encode");
        awaitIdle();
        assertEquals(metaFactor * metaFactor, store.totalPuts());
        assertEquals(metaFactor * metaFactor, encoder.completed());
    }

    @Test
    void requestedTileIsEncodedWhileItsJobThreadTakesTheTileLocks() throws Exception {
        // the job thread may lock tiles only once the asked tile is encoded: a request that encoded it after the
        // job thread held every tile lock would leave the job thread waiting here until its gate gave up
        TileKey asked = tile("roads", 1, 2);
        CountDownLatch askedEncoded = new CountDownLatch(1);
        AtomicBoolean jobThreadWaitedInVain = new AtomicBoolean();
        LockProvider gatedForPool = (key, timeout) -> {
            if (key.startsWith("gwc_tile_")
                    && Thread.currentThread().getName().startsWith(RawEncoder.POOL_THREAD_PREFIX)
                    && !askedEncoded.await(5, TimeUnit.SECONDS)) {
                jobThreadWaitedInVain.set(true);
            }
            return locks.acquire(key, timeout);
        };
        TileEncoder signalling = (image, bounds) -> {
            byte[] data = encoder.encode(image, bounds);
            if (bounds.equals(metatile(4, asked).tileBounds(metatile(4, asked).indexOf(asked)))) {
                askedEncoded.countDown();
            }
            return data;
        };
        engine.close();
        engine = new FanoutEngine("test", gatedForPool, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(2));

        TileResponse response =
                assertTimeoutPreemptively(BOUND, () -> engine.getTile(request(asked, 4, renderer, signalling)));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        awaitIdle();
        assertFalse(jobThreadWaitedInVain.get(), "the job thread waited for the asked tile's encode");
        assertEquals(16, store.totalPuts());
        assertEquals(1, engine.metrics().getTilesEncodedOnRequestThread());
    }

    @Test
    void requestedTileIsEncodedBeforeTheOtherTilesGoToThePool() throws Exception {
        // on few cores, pool threads encoding the other tiles would slow the one encode the answer waits for
        TileKey asked = tile("roads", 1, 2);
        Metatile metatile = metatile(4, asked);
        Rectangle askedBounds = metatile.tileBounds(metatile.indexOf(asked));
        AtomicLong handedOffWhileAskedEncodes = new AtomicLong(-1);
        AtomicInteger encodesBeforeAsked = new AtomicInteger(-1);
        TileEncoder observing = (image, bounds) -> {
            if (bounds.equals(askedBounds)) {
                handedOffWhileAskedEncodes.set(engine.metrics().getJobsHandedOff());
                encodesBeforeAsked.set(encoder.started());
            }
            return encoder.encode(image, bounds);
        };

        TileResponse response = engine.getTile(request(asked, 4, renderer, observing));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(0, handedOffWhileAskedEncodes.get());
        assertEquals(0, encodesBeforeAsked.get());
        awaitIdle();
        assertEquals(1, engine.metrics().getJobsHandedOff());
        assertEquals(16, store.totalPuts());
    }

    @Test
    void siblingGetsItsBytesBeforeTheyAreStored() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        TileKey asked = tile("roads", 0, 0);
        TileKey sibling = tile("roads", 3, 2);
        engine.getTile(request(asked, 4, renderer, encoder));

        TileResponse response =
                assertTimeoutPreemptively(BOUND, () -> engine.getTile(request(sibling, 4, renderer, encoder)));

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        assertEquals(0, store.totalPuts());
        putGate.countDown();
        awaitIdle();
        assertEquals(1, renderer.totalRenders());
        assertEquals(16, store.totalPuts());
    }

    @Test
    void siblingFromAnotherProcessWaitsForTheStoredTileInsteadOfRenderingAgain() throws Exception {
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);
        // a second engine over the same store and lock provider stands for another process
        FanoutEngine otherProcess =
                new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(2));
        try {
            TileKey asked = tile("roads", 0, 0);
            TileKey sibling = tile("roads", 2, 1);
            engine.getTile(request(asked, 4, renderer, encoder));
            Future<TileResponse> fromOther =
                    clients.submit(() -> otherProcess.getTile(request(sibling, 4, renderer, encoder)));

            putGate.countDown();
            TileResponse response = fromOther.get(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);

            assertEquals(Source.CACHE, response.source());
            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
            assertEquals(1, renderer.totalRenders());
        } finally {
            otherProcess.close();
        }
        awaitIdle();
    }

    @Test
    void seedingStoresEveryTileBeforeReturningWithoutPoolThreads() throws Exception {
        TileKey asked = tile("roads", 9, 9);
        Metatile metatile = metatile(4, asked);

        engine.getTile(Fixtures.seeding(request(asked, 4, renderer, encoder)));

        for (int i = 0; i < metatile.tileCount(); i++) {
            assertEquals(1, store.puts(metatile.tile(i)));
        }
        assertEquals(0, encoder.distinctPoolThreads());
        assertEquals(0, engine.metrics().getTilesEncodedOnPool());
        assertEquals(15, engine.metrics().getTilesEncodedOnCaller());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void poolSizeZeroIsTheClassicSynchronousBehaviour() throws Exception {
        engine.reconfigure(FanoutSettings.withPoolSize(0));
        TileKey asked = tile("roads", 1, 1);

        engine.getTile(request(asked, 4, renderer, encoder));

        assertEquals(16, store.totalPuts());
        assertEquals(0, encoder.distinctPoolThreads());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getPoolSize());
    }

    @Test
    void uncachedZoomLevelPersistsNothingAndEncodesOnlyTheRequestedTile() throws Exception {
        TileKey asked = tile("roads", 1, 1);

        TileResponse response = assertTimeoutPreemptively(
                BOUND,
                () -> engine.getTile(request(asked, 10, renderer, encoder).withCachePolicy(CachePolicy.NONE)));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(1, encoder.completed());
        assertEquals(0, store.totalPuts());
        assertEquals(0, store.totalTransientPuts());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertEquals(0, engine.metrics().getMetatileImagesAlive());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void transientPolicyKeepsTilesOnlyInTheTransientCache() throws Exception {
        TileKey asked = tile("roads", 1, 1);
        TileKey sibling = tile("roads", 2, 2);

        engine.getTile(request(asked, 4, renderer, encoder).withCachePolicy(CachePolicy.TRANSIENT));
        awaitIdle();
        TileResponse response =
                engine.getTile(request(sibling, 4, renderer, encoder).withCachePolicy(CachePolicy.TRANSIENT));

        assertEquals(0, store.totalPuts());
        assertEquals(16, store.totalTransientPuts());
        assertEquals(Source.CACHE, response.source());
        assertEquals(1, renderer.totalRenders());
    }

    @Test
    void rendererCanStopCachingAfterRendering() throws Exception {
        MetatileRenderer warns = metatile -> renderer.render(metatile).withCachePolicy(CachePolicy.TRANSIENT);

        engine.getTile(request(tile("roads", 1, 1), 4, warns, encoder));
        awaitIdle();

        assertEquals(0, store.totalPuts());
        assertEquals(16, store.totalTransientPuts());
    }

    @Test
    void renderFailureNamesTheMetatileAndReleasesEverything() {
        renderer.failingWith(new IllegalStateException("no data source"));
        TileKey asked = tile("roads", 1, 1);

        TileException failure =
                assertThrows(TileException.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertTrue(failure.getMessage().contains(metatile(4, asked).toString()), failure.getMessage());
        assertTrue(failure.getMessage().contains("no data source"), failure.getMessage());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertEquals(1, engine.metrics().getRenderFailures());
        assertEquals(0, store.totalPuts());
    }

    @Test
    void encodeFailureOfAnotherTileIsLoggedOnceCountedAndDoesNotAffectTheRequest() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        TileKey failing = tile("roads", 1, 0);
        Metatile metatile = metatile(4, asked);
        encoder.failingFor(metatile.tileBounds(metatile.indexOf(failing))::equals);

        try (LogCapture log = new LogCapture()) {
            TileResponse response = engine.getTile(request(asked, 4, renderer, encoder));
            awaitIdle();

            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
            assertEquals(
                    1, log.count("1 tiles of metatile " + metatile + " failed to encode (the first: " + failing + ")"));
            assertEquals(1, log.records().size());
        }
        assertEquals(1, engine.metrics().getEncodeFailures());
        assertEquals(0, store.puts(failing));
        assertEquals(15, store.totalPuts());
        assertEquals(0, locks.held());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void encodeFailureOfTheRequestedTileIsReportedAfterTheOthersAreHandedOn() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        Metatile metatile = metatile(4, asked);
        encoder.failingFor(metatile.tileBounds(metatile.indexOf(asked))::equals);

        TileException failure =
                assertThrows(TileException.class, () -> engine.getTile(request(asked, 4, renderer, encoder)));

        assertTrue(failure.getMessage().contains(asked.toString()), failure.getMessage());
        awaitIdle();
        assertEquals(15, store.totalPuts());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void storeFailureOfAnotherTileIsLoggedOnceCountedAndReleased() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        TileKey failing = tile("roads", 2, 3);
        store.failingFor(failing::equals);

        try (LogCapture log = new LogCapture()) {
            TileResponse response = engine.getTile(request(asked, 4, renderer, encoder));
            awaitIdle();

            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
            assertEquals(1, log.count("Storing tile " + failing + " failed"));
            assertEquals(1, log.records().size());
        }
        assertEquals(1, engine.metrics().getStoreFailures());
        assertEquals(15, store.totalPuts());
        assertEquals(0, locks.held());
    }

    @Test
    void metatileLockTimeoutNamesTheKeyAndTheTimeout() throws Exception {
        engine.reconfigure(FanoutSettings.withPoolSize(2).withLockTimeout(Duration.ofSeconds(1)));
        TileKey asked = tile("roads", 0, 0);
        String metatileKey = metatile(4, asked).lockKey();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        clients.submit(() -> holdLock(metatileKey, held, done));
        assertTrue(held.await(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));

        LockTimeoutException failure = assertTimeoutPreemptively(
                BOUND,
                () -> assertThrows(
                        LockTimeoutException.class, () -> engine.getTile(request(asked, 4, renderer, encoder))));

        done.countDown();
        assertTrue(failure.getMessage().contains("\'" + metatileKey + "\'"), failure.getMessage());
        assertTrue(failure.getMessage().contains(metatileKey)
                && failure.getMessage().contains("1000 ms"));
        await().atMost(BOUND).until(() -> locks.held() == 0);
        assertEquals(0, renderer.totalRenders());
    }

    @Test
    void tileLockTimeoutInTheJobServesTheTileButDoesNotStoreIt() throws Exception {
        engine.reconfigure(FanoutSettings.withPoolSize(2).withLockTimeout(Duration.ofSeconds(1)));
        TileKey asked = tile("roads", 0, 0);
        TileKey contended = tile("roads", 3, 3);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        clients.submit(() -> holdLock(contended.lockKey(), held, done));
        assertTrue(held.await(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));
        CountDownLatch putGate = new CountDownLatch(1);
        store.putsGatedBy(putGate);

        try (LogCapture log = new LogCapture()) {
            TileResponse response =
                    assertTimeoutPreemptively(BOUND, () -> engine.getTile(request(asked, 4, renderer, encoder)));
            TileResponse sibling = engine.getTile(request(contended, 4, renderer, encoder));
            putGate.countDown();
            awaitIdleExcept(1);

            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
            assertEquals(Source.IN_FLIGHT, sibling.source());
            assertTrue(RawEncoder.isPlainTile(sibling.data(), ColorRenderer.colorOf(contended)));
            assertEquals(
                    1, log.count("1 of 16 tiles of metatile " + metatile(4, asked) + " will be served but not stored"));
        }
        done.countDown();
        await().atMost(BOUND).until(() -> locks.held() == 0);
        assertEquals(0, store.puts(contended));
        assertEquals(15, store.totalPuts());
        assertEquals(1, engine.metrics().getLockFailures());
        assertEquals(1, renderer.totalRenders());
    }

    @Test
    void interruptedWhileWaitingForTheMetatileLockKeepsTheFlag() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        String metatileKey = metatile(4, asked).lockKey();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        clients.submit(() -> holdLock(metatileKey, held, done));
        assertTrue(held.await(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));

        CompletableFuture<Boolean> flagKept = new CompletableFuture<>();
        Thread requester = new Thread(() -> {
            try {
                engine.getTile(request(asked, 4, renderer, encoder));
                flagKept.completeExceptionally(new AssertionError("expected a TileException"));
            } catch (TileException e) {
                flagKept.complete(Thread.currentThread().isInterrupted());
            }
        });
        requester.start();
        await().atMost(BOUND).until(() -> requester.getState() == Thread.State.TIMED_WAITING);
        requester.interrupt();

        assertTrue(flagKept.get(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));
        done.countDown();
        await().atMost(BOUND).until(() -> locks.held() == 0);
    }

    @Test
    void fullPoolMakesTheCallerRunTheJobItself() throws Exception {
        engine.reconfigure(new FanoutSettings(1, 0, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getActiveThreads() == 1);

        TileKey other = tile("roads", 20, 20);
        engine.getTile(request(other, 4, renderer, encoder));

        Metatile otherMetatile = metatile(4, other);
        for (int i = 0; i < otherMetatile.tileCount(); i++) {
            assertEquals(1, store.puts(otherMetatile.tile(i)));
        }
        assertEquals(1, engine.metrics().getJobsRunOnCallerPoolFull());
        poolGate.countDown();
        awaitIdle();
        assertEquals(32, store.totalPuts());
    }

    /**
     * Lowering the pool and its queue while jobs run and wait drops none of them; until enough have ended, new
     * requests run their jobs themselves, and never more jobs encode at once than the larger bound.
     */
    @Test
    void loweringThePoolUnderLoadLosesNoTileAndStartsNoJobPastTheNewBound() throws Exception {
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        for (int m = 0; m < 4; m++) { // pool 2 and queue 2: two jobs encode, two wait
            engine.getTile(request(tile("roads", 4 * m, 0), 4, renderer, encoder));
        }
        await().atMost(BOUND)
                .until(() -> engine.metrics().getActiveThreads() == 2
                        && engine.metrics().getQueueDepth() == 2);

        engine.reconfigure(new FanoutSettings(1, 0, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false));
        engine.getTile(request(tile("roads", 40, 40), 4, renderer, encoder));

        assertEquals(4, engine.metrics().getJobsHandedOff());
        assertEquals(1, engine.metrics().getJobsRunOnCallerPoolFull());
        assertEquals(4, liveThreads("metatile-fanout-test-job-"));
        poolGate.countDown();
        awaitIdle();
        assertEquals(5 * 16, store.totalPuts());
        assertEquals(0, engine.metrics().getFailures());
        assertTrue(encoder.peakPoolThreadsEncoding() <= 2, "jobs encoding at once");
        assertTrue(engine.metrics().getPeakMetatileImagesAlive() <= 4 + 1, "images: four jobs and a request");
        engine.getTile(request(tile("roads", 50, 50), 4, renderer, encoder));
        assertEquals(5, engine.metrics().getJobsHandedOff(), "the new bound takes a job again");
        awaitIdle();
    }

    /** A change of the lock timeout alone keeps the pool: no second set of jobs, images or threads beside the first. */
    @Test
    void changingTheLockTimeoutKeepsThePoolAndItsBounds() throws Exception {
        engine.reconfigure(new FanoutSettings(1, 1, 16, Duration.ofSeconds(30), false));
        CountDownLatch poolGate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(poolGate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        engine.getTile(request(tile("roads", 4, 0), 4, renderer, encoder));

        engine.reconfigure(new FanoutSettings(1, 1, 16, Duration.ofSeconds(60), false));
        engine.getTile(request(tile("roads", 8, 0), 4, renderer, encoder));
        engine.getTile(request(tile("roads", 12, 0), 4, renderer, encoder));

        assertEquals(2, engine.metrics().getMetatileImagesAlive());
        assertEquals(2, engine.metrics().getMetatilesInFlight());
        assertEquals(2, liveThreads("metatile-fanout-test-job-"));
        assertEquals(2, engine.metrics().getJobsRunOnCallerPoolFull());
        poolGate.countDown();
        awaitIdle();
        assertEquals(64, store.totalPuts());
    }

    @Test
    void closeStoresEncodedTilesAndLeavesNoThreadThenServesSynchronously() throws Exception {
        CountDownLatch storeGate = new CountDownLatch(1);
        store.putsGatedBy(storeGate);
        TileKey asked = tile("roads", 0, 0);
        engine.getTile(request(asked, 4, renderer, encoder));
        assertTrue(liveThreads("metatile-fanout") > 0);

        storeGate.countDown();
        engine.close();

        assertTrue(store.puts(asked) == 1, "the asked tile, encoded before close, is stored");
        assertEquals(
                16,
                store.totalPuts()
                        + engine.metrics().getTilesAbandoned()
                        + engine.metrics().getStoreFailures());
        assertEquals(0, locks.held());
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(0, liveThreads("metatile-fanout"));
        int storedBeforeClose = store.totalPuts();
        TileResponse afterClose = engine.getTile(request(tile("roads", 40, 40), 4, renderer, encoder));
        assertEquals(Source.RENDERED, afterClose.source());
        assertEquals(storedBeforeClose + 16, store.totalPuts());
    }

    @Test
    void closeAbandonsTilesThatCannotCompleteAndReleasesEveryLock() throws Exception {
        engine.reconfigure(FanoutSettings.withPoolSize(1).withLockTimeout(Duration.ofSeconds(1)));
        CountDownLatch neverOpened = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(neverOpened);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));

        assertTimeoutPreemptively(BOUND, () -> engine.close(Duration.ofSeconds(1)));

        await().atMost(BOUND).until(() -> locks.held() == 0);
        assertEquals(0, liveThreads("metatile-fanout"));
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(0, renderer.imagesAlive());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
    }

    @Test
    void tilesOutsideTheCoverageAreNeitherEncodedNorStoredNorLocked() throws Exception {
        MetatileGeometry.Coverage coverage = new MetatileGeometry.Coverage(Fixtures.ZOOM, 2, 3, 63, 63);
        TileKey asked = tile("roads", 2, 3);
        Metatile metatile = new MetatileGeometry(4, 4, 8, 8, 0).metatileOf(asked, coverage);

        engine.getTile(TileRequest.interactive(asked, metatile, renderer, encoder));
        awaitIdle();

        assertEquals(2, metatile.coveredTileCount());
        assertEquals(2, store.totalPuts());
        assertEquals(2, encoder.completed());
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(0, engine.metrics().getFailures());
    }

    @Test
    void metricsCountWhereTilesWereEncoded() throws Exception {
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        awaitIdle();

        FanoutMetrics metrics = engine.metrics();
        assertEquals(1, metrics.getRenders());
        assertEquals(1, metrics.getTilesEncodedOnRequestThread());
        assertEquals(15, metrics.getTilesEncodedOnPool());
        assertEquals(16, metrics.getTilesStored());
        assertEquals(0, metrics.getFailures());
        assertEquals(1, metrics.getPeakMetatileImagesAlive());
        assertEquals(0, metrics.getMetatileImagesAlive());
    }

    @Test
    void nullImageFromTheRendererIsARenderFailure() {
        TileException failure = assertThrows(
                TileException.class, () -> engine.getTile(request(tile("roads", 0, 0), 4, metatile -> null, encoder)));

        assertTrue(failure.getMessage().contains("Rendering metatile"));
        assertEquals(0, locks.held());
    }

    @Test
    void reconfigureAfterCloseIsRefused() {
        engine.close();
        IllegalStateException failure =
                assertThrows(IllegalStateException.class, () -> engine.reconfigure(FanoutSettings.defaults()));
        assertFalse(failure.getMessage().isEmpty());
        assertSame(FanoutSettings.class, engine.settings().getClass());
    }

    private void holdLock(String key, CountDownLatch held, CountDownLatch done) {
        try {
            LockProvider.Lock lock = locks.acquire(key, BOUND);
            try {
                held.countDown();
                done.await(BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
            } finally {
                lock.release();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void awaitIdle() {
        awaitIdleExcept(0);
    }

    /** Waits until no metatile is in flight and at most {@code heldElsewhere} locks are held by others. */
    private void awaitIdleExcept(int heldElsewhere) {
        await().atMost(BOUND)
                .until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == heldElsewhere);
    }

    private static int liveThreads(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .count();
    }
}
