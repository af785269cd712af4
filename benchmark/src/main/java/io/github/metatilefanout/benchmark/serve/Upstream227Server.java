package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * GeoServer 2.27's concurrent metatile encoding, re-implemented from its description: a fixed pool, an
 * unbounded queue, no caller-runs. On a miss, under the metatile lock (the tile looked up again under its
 * tile lock), the request renders the metatile, encodes its tile and submits a task per tile (its own only
 * to be stored); each task takes its tile lock, then counts down a latch the request waits on, with no
 * timeout, before it answers. The last task disposes the image. With a pool of 0 it is {@link
 * Strategy#SEQUENTIAL}. One departure: a task counts down even when its tile lock fails, where GeoServer's
 * would leave the request waiting for ever (no lock fails here).
 */
final class Upstream227Server implements TileServer {

    private static final Logger LOGGER = Logger.getLogger(Upstream227Server.class.getName());

    private final ServingSetup setup;
    private final ExecutorService pool;

    Upstream227Server(ServingSetup setup) {
        this.setup = setup;
        this.pool = setup.poolSize() == 0 ? null : Executors.newFixedThreadPool(setup.poolSize(), daemonThreads());
    }

    @Override
    public byte[] getTile(TileKey tile) throws Exception {
        StoredTile cached = setup.store().get(tile);
        if (cached != null) {
            return cached.data();
        }
        Metatile metatile = setup.metatileOf(tile);
        LockProvider.Lock metatileLock = acquire(metatile.lockKey());
        try {
            LockProvider.Lock tileLock = acquire(tile.lockKey());
            try {
                cached = setup.store().get(tile);
            } finally {
                tileLock.release();
            }
            if (cached != null) {
                return cached.data();
            }
            int requested = metatile.indexOf(tile);
            return pool == null ? setup.renderAndStoreAll(metatile, requested) : renderAndSubmit(metatile, requested);
        } finally {
            metatileLock.release();
        }
    }

    private byte[] renderAndSubmit(Metatile metatile, int requested) throws IOException, InterruptedException {
        ServingSetup.CountedImage image = setup.draw(metatile);
        byte[] answer;
        try {
            answer = setup.encode(image.image(), metatile.tileBounds(requested));
        } catch (IOException | RuntimeException e) {
            image.dispose();
            throw e;
        }
        CountDownLatch tileLocksHeld = new CountDownLatch(metatile.tileCount());
        AtomicInteger unfinished = new AtomicInteger(metatile.tileCount());
        for (int i = 0; i < metatile.tileCount(); i++) {
            int index = i;
            byte[] encoded = i == requested ? answer : null;
            pool.execute(() -> storeTile(metatile, index, encoded, image, tileLocksHeld, unfinished));
        }
        tileLocksHeld.await();
        return answer;
    }

    /** One task: takes the tile lock, counts down the latch, encodes the tile unless given, stores it. */
    private void storeTile(
            Metatile metatile,
            int index,
            byte[] encoded,
            ServingSetup.CountedImage image,
            CountDownLatch tileLocksHeld,
            AtomicInteger unfinished) {
        TileKey tile = metatile.tile(index);
        try {
            LockProvider.Lock tileLock;
            try {
                tileLock = acquire(tile.lockKey());
            } finally {
                tileLocksHeld.countDown();
            }
            try {
                byte[] data = encoded != null ? encoded : setup.encode(image.image(), metatile.tileBounds(index));
                setup.store().put(tile, data);
            } finally {
                tileLock.release();
            }
        } catch (LockTimeoutException | IOException | RuntimeException e) {
            LOGGER.log(Level.WARNING, "Tile " + tile + " was not stored", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (unfinished.decrementAndGet() == 0) {
                image.dispose();
            }
        }
    }

    private LockProvider.Lock acquire(String key) throws LockTimeoutException, InterruptedException {
        return setup.lockProvider().acquire(key, ServingSetup.LOCK_TIMEOUT);
    }

    @Override
    public void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {
        TileServer.waitUntil(() -> setup.meter().idle(), timeout, "upstream-2.27 pool");
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "upstream-2.27-encoder-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
