package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What {@link FanoutEngine#close(Duration)} reports and stops, and how failures are counted. */
class CloseAndFailuresTest {

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
        engine.close(Duration.ofSeconds(5));
        clients.shutdownNow();
    }

    @Test
    void closeReportsThatEveryThreadEnded() throws Exception {
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));

        assertTrue(engine.close(BOUND));
        assertEquals(0, locks.held());
    }

    @Test
    void closeNamesInOneLineTheThreadsThatDidNotEnd() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> stuck = new AtomicReference<>();
        TileEncoder ignoringInterrupts = (image, bounds) -> {
            if (isPoolThread() && stuck.compareAndSet(null, Thread.currentThread())) {
                awaitUninterruptibly(release);
            }
            return encoder.encode(image, bounds);
        };
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, ignoringInterrupts));
        await().atMost(BOUND).until(() -> stuck.get() != null);

        try (LogCapture log = new LogCapture()) {
            assertFalse(engine.close(Duration.ofMillis(200)));
            assertEquals(1, log.count(stuck.get().getName()), "one line names the thread");
        } finally {
            release.countDown();
        }
        await().atMost(BOUND).until(() -> !stuck.get().isAlive() && locks.held() == 0);
    }

    @Test
    void aJobRunOnItsCallerAbandonsItsUnstartedTilesOnceTheEngineIsClosed() throws Exception {
        engine.close();
        engine = new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(0));
        TileKey asked = tile("roads", 0, 0);
        Metatile metatile = metatile(4, asked);
        Rectangle second = metatile.tileBounds(1);
        CountDownLatch encoding = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        TileEncoder gated = (image, bounds) -> {
            if (bounds.equals(second)) {
                encoding.countDown();
                awaitUninterruptibly(closed);
            }
            return encoder.encode(image, bounds);
        };
        Future<TileResponse> caller = clients.submit(() -> engine.getTile(request(asked, 4, renderer, gated)));
        assertTrue(encoding.await(BOUND.toSeconds(), TimeUnit.SECONDS));

        assertTrue(engine.close(BOUND));
        closed.countDown();

        assertTrue(RawEncoder.isPlainTile(
                caller.get(BOUND.toSeconds(), TimeUnit.SECONDS).data(), ColorRenderer.colorOf(asked)));
        assertEquals(2, store.totalPuts(), "the asked tile and the one being encoded");
        assertEquals(14, engine.metrics().getTilesAbandoned());
        assertEquals(0, locks.held());
        assertTrue(renderer.everyImageDisposedOnce());
    }

    @Test
    void aVirtualMachineErrorEndsThePoolThreadThatMetIt() throws Exception {
        AtomicReference<Thread> failed = new AtomicReference<>();
        TileEncoder overflowing = (image, bounds) -> {
            if (isPoolThread() && failed.compareAndSet(null, Thread.currentThread())) {
                throw new StackOverflowError("injected");
            }
            return encoder.encode(image, bounds);
        };

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, overflowing));

        // the error reaches the thread's uncaught exception handler: Awaitility must not catch it
        await().dontCatchUncaughtExceptions()
                .atMost(BOUND)
                .until(() -> failed.get() != null && !failed.get().isAlive());
        await().dontCatchUncaughtExceptions()
                .atMost(BOUND)
                .until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(1, engine.metrics().getEncodeFailures());
        TileKey later = tile("roads", 8, 8);
        assertTrue(RawEncoder.isPlainTile(
                engine.getTile(request(later, 4, renderer, encoder)).data(), ColorRenderer.colorOf(later)));
    }

    @Test
    void anOutOfMemoryErrorOnAPoolThreadIsCountedAndItsJobGoesOn() throws Exception {
        AtomicReference<Thread> failed = new AtomicReference<>();
        TileEncoder exhausted = (image, bounds) -> {
            if (isPoolThread() && failed.compareAndSet(null, Thread.currentThread())) {
                throw new OutOfMemoryError("injected");
            }
            return encoder.encode(image, bounds);
        };

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, exhausted));

        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);
        assertEquals(1, engine.metrics().getEncodeFailures());
        assertEquals(15, engine.metrics().getTilesStored(), "the job went on with its other tiles");
    }

    @Test
    void aFailedLookupIsCountedAndTheTileRendered() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        store.lookupsFailingFor(asked::equals);

        engine.getTile(request(asked, 4, renderer, encoder));

        assertTrue(engine.metrics().getLookupFailures() >= 1);
        assertEquals(engine.metrics().getLookupFailures(), engine.metrics().getFailures());
    }

    @Test
    void aFailedDisposalIsCountedOnce() throws Exception {
        MetatileRenderer failingDisposal = metatile -> {
            RenderedImage image = renderer.render(metatile).image();
            return MetatileImage.of(image, () -> {
                throw new IllegalStateException("injected disposal failure");
            });
        };

        engine.getTile(request(tile("roads", 0, 0), 4, failingDisposal, encoder));

        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);
        assertEquals(1, engine.metrics().getDisposeFailures());
        assertEquals(1, engine.metrics().getFailures());
    }

    private static boolean isPoolThread() {
        return Thread.currentThread().getName().startsWith(RawEncoder.POOL_THREAD_PREFIX);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) throws IOException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (latch.getCount() > 0 && System.nanoTime() < deadline) {
            try {
                latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ignored) {
                // this encoder ignores interruption on purpose
            }
        }
        if (latch.getCount() > 0) {
            throw new IOException("test latch not released");
        }
    }
}
