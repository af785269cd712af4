package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import io.github.metatilefanout.engine.InFlightMetatile.Completion;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stores every tile of one rendered metatile.
 *
 * <p><b>Lock ownership.</b> The thread that runs the job, its <em>owner</em> (a pool thread, or the
 * requesting thread when the pool is off or full, or when seeding), takes the lock of every tile of the
 * metatile before anything else, and releases each one itself as soon as that tile is stored (or has
 * failed). Tiles encoded by pool helpers or by request threads are reported to the owner, which stores them
 * if needed and releases their locks. The requesting thread holds the metatile lock until {@link
 * #awaitTileLocks} returns, so no other process can start rendering the metatile between the two.
 */
final class FanoutJob implements Runnable {

    private static final Logger LOGGER = Logger.getLogger(FanoutJob.class.getName());

    private static final int QUEUED = 0;
    private static final int STARTED = 1;
    private static final int ABANDONED = 2;

    private final InFlightMetatile flight;
    private final LockProvider lockProvider;
    private final TileStore store;
    private final Duration lockTimeout;
    private final FanoutPool pool;
    private final FanoutMetrics metrics;
    private final Runnable onFinished;
    private final LockProvider.Lock[] tileLocks;
    private final AtomicInteger phase = new AtomicInteger(QUEUED);
    private final CountDownLatch tileLocksTaken = new CountDownLatch(1);

    /**
     * @param pool where helpers may encode tiles in parallel, or {@code null}
     * @param onFinished runs once every tile is stored or has failed
     */
    FanoutJob(
            InFlightMetatile flight,
            LockProvider lockProvider,
            TileStore store,
            Duration lockTimeout,
            FanoutPool pool,
            FanoutMetrics metrics,
            Runnable onFinished) {
        this.flight = flight;
        this.lockProvider = lockProvider;
        this.store = store;
        this.lockTimeout = lockTimeout;
        this.pool = pool;
        this.metrics = metrics;
        this.onFinished = onFinished;
        this.tileLocks = new LockProvider.Lock[flight.metatile().tileCount()];
    }

    /** Runs the job on a pool thread, unless its caller has taken it back. */
    @Override
    public void run() {
        if (phase.compareAndSet(QUEUED, STARTED)) {
            execute(EncodedOn.POOL);
        }
    }

    /** Runs the job on the calling thread: never submitted, taken back, or seeding. */
    void runOnCaller() {
        phase.set(STARTED);
        execute(EncodedOn.CALLER);
    }

    /** Called when the pool drops the job before it started: its caller will run it. */
    void abandonIfQueued() {
        if (phase.compareAndSet(QUEUED, ABANDONED)) {
            tileLocksTaken.countDown();
        }
    }

    /**
     * Waits, on the requesting thread, until the job's owner holds every tile lock.
     *
     * @return {@code true} when it does; {@code false} when the job did not start within {@code
     *     lockTimeout} (or was dropped), has been taken back, and must be run by the caller
     */
    boolean awaitTileLocks() {
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + lockTimeout.toNanos();
            boolean extended = false;
            while (true) {
                try {
                    if (tileLocksTaken.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                        return phase.get() != ABANDONED;
                    }
                    if (phase.compareAndSet(QUEUED, ABANDONED)) {
                        return false;
                    }
                    if (extended) {
                        LOGGER.severe("The job of metatile " + flight.metatile()
                                + " did not take its tile locks in time; releasing the metatile lock anyway");
                        return true;
                    }
                    // started: taking the locks is bounded by the job's own lock timeout
                    deadline = System.nanoTime() + lockTimeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
                    extended = true;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void execute(EncodedOn where) {
        boolean interrupted = false;
        try {
            try {
                interrupted = lockTiles();
            } finally {
                tileLocksTaken.countDown();
            }
            interrupted |= storeTiles(where, interrupted);
        } finally {
            releaseRemainingLocks();
            onFinished.run();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Takes every tile lock within one lock timeout in all. Returns whether the thread was interrupted. */
    private boolean lockTiles() {
        long deadline = System.nanoTime() + lockTimeout.toNanos();
        for (int i = 0; i < tileLocks.length; i++) {
            if (!flight.metatile().isCovered(i)) {
                continue;
            }
            TileKey tile = flight.metatile().tile(i);
            long start = System.nanoTime();
            try {
                tileLocks[i] = lockProvider.acquire(tile.lockKey(), Duration.ofNanos(Math.max(0, deadline - start)));
            } catch (LockTimeoutException e) {
                metrics.lockFailed();
                LOGGER.warning("Tile " + tile + " will be served but not stored: " + e.getMessage());
            } catch (InterruptedException e) {
                metrics.lockFailed();
                LOGGER.warning("Interrupted while locking the tiles of metatile " + flight.metatile()
                        + "; its remaining tiles will not be stored");
                return true;
            } catch (RuntimeException e) {
                metrics.lockFailed();
                LOGGER.log(Level.WARNING, "Tile " + tile + " will be served but not stored: its lock failed", e);
            } finally {
                metrics.lockWaited(System.nanoTime() - start);
            }
        }
        return false;
    }

    /**
     * Encodes the tiles nobody has claimed, stores every tile and releases its lock as it goes. When
     * {@code stopping}, abandons the tiles nobody has started instead. Returns whether the thread was
     * interrupted.
     */
    private boolean storeTiles(EncodedOn where, boolean stopping) {
        boolean interrupted = false;
        int remaining = flight.metatile().coveredTileCount();
        if (!stopping) {
            offerHelpers();
        }
        while (remaining > 0) {
            for (Completion done; (done = flight.completions().poll()) != null; remaining--) {
                finish(done);
            }
            if (stopping) {
                for (int abandoned : flight.abandonUnclaimed()) {
                    releaseLock(abandoned);
                    remaining--;
                }
            } else {
                int claimed = flight.claimNext();
                if (claimed >= 0) {
                    store(claimed, flight.encodeClaimed(claimed, where));
                    releaseLock(claimed);
                    remaining--;
                    continue;
                }
            }
            if (remaining > 0) {
                try {
                    Completion done = flight.completions().poll(lockTimeout.toNanos(), TimeUnit.NANOSECONDS);
                    if (done == null) {
                        LOGGER.severe("Gave up waiting for " + remaining + " tiles of metatile " + flight.metatile()
                                + " encoded by other threads; they will not be stored");
                        return interrupted;
                    }
                    finish(done);
                    remaining--;
                } catch (InterruptedException e) {
                    interrupted = true;
                    stopping = true;
                }
            }
        }
        return interrupted;
    }

    private void offerHelpers() {
        if (pool == null) {
            return;
        }
        int helpers = Math.min(pool.size() - 1, flight.metatile().coveredTileCount() - 1);
        for (int i = 0; i < helpers && pool.tryHelp(this::help); i++) {
            // each accepted helper encodes until no tile is left
        }
    }

    /** Runs on a pool thread: encodes and stores unclaimed tiles until none is left or a job waits. */
    private void help() {
        while (!pool.hasWaitingJobs()) {
            int claimed = flight.claimNext();
            if (claimed < 0) {
                return;
            }
            store(claimed, flight.encodeClaimed(claimed, EncodedOn.POOL));
            flight.completions().add(new Completion(claimed, null));
        }
    }

    private void finish(Completion done) {
        store(done.index(), done.toStore());
        releaseLock(done.index());
    }

    /** Stores tile {@code i} if it was encoded and its lock is held; failures are logged and counted. */
    private void store(int i, byte[] data) {
        if (data == null || tileLocks[i] == null) {
            return;
        }
        TileKey tile = flight.metatile().tile(i);
        try {
            if (flight.cachePolicy() == CachePolicy.PERSIST) {
                store.put(tile, data);
            } else {
                store.putTransient(tile, data);
            }
            metrics.stored();
        } catch (IOException | RuntimeException e) {
            metrics.storeFailed();
            LOGGER.log(Level.WARNING, "Storing tile " + tile + " failed", e);
        }
    }

    private void releaseLock(int i) {
        LockProvider.Lock lock = tileLocks[i];
        if (lock != null) {
            tileLocks[i] = null;
            lock.release();
        }
    }

    private void releaseRemainingLocks() {
        for (int i = 0; i < tileLocks.length; i++) {
            releaseLock(i);
        }
    }
}
