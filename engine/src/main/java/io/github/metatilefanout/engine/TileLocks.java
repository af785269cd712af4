package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The tile locks of one job, all taken and released on one thread, the <em>holder</em>: the {@link
 * LockKeeper} for a job handed to the pool, or the job's caller when it runs the job itself.
 *
 * <p><b>Ownership.</b> {@link #held} is read and written only by tasks running on the holder. Which tiles
 * were locked is published once, through {@link #acquired}, to the job's owner; the owner asks for each
 * release, and the holder performs it. A tile whose lock was not obtained is served but never stored.
 */
final class TileLocks {

    private static final Logger LOGGER = Logger.getLogger(TileLocks.class.getName());

    private final Metatile metatile;
    private final LockProvider provider;
    private final FanoutMetrics metrics;
    private final Executor holder;
    private final Runnable onAllReleased;

    /** Confined to the holder thread. */
    private final LockProvider.Lock[] held;

    /** Completed once by the holder with which tiles it locked. */
    private final CompletableFuture<boolean[]> acquired = new CompletableFuture<>();

    private final AtomicBoolean acquireRequested = new AtomicBoolean();

    /** Confined to the holder thread. */
    private boolean allReleased;

    private TileLocks(
            Metatile metatile, LockProvider provider, FanoutMetrics metrics, Executor holder, Runnable onAllReleased) {
        this.metatile = metatile;
        this.provider = provider;
        this.metrics = metrics;
        this.holder = holder;
        this.onAllReleased = onAllReleased;
        this.held = new LockProvider.Lock[metatile.tileCount()];
    }

    /** Locks held by the calling thread itself: every operation runs inline. */
    static TileLocks heldByCaller(Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        return new TileLocks(metatile, provider, metrics, Runnable::run, () -> {});
    }

    /** Locks held by {@code keeper}'s thread. */
    static TileLocks heldBy(LockKeeper keeper, Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        keeper.lockSetTaken();
        return new TileLocks(metatile, provider, metrics, keeper, keeper::lockSetReleased);
    }

    /**
     * Takes every covered tile's lock on the holder, within {@code timeout} in all; inline when the caller
     * holds them. Only the first call does anything.
     */
    void acquireAll(Duration timeout) {
        if (!acquireRequested.compareAndSet(false, true)) {
            return;
        }
        holder.execute(() -> {
            boolean[] locked = new boolean[held.length];
            try {
                lockEveryTile(locked, timeout);
            } finally {
                acquired.complete(locked);
            }
        });
    }

    /**
     * Waits until the holder has tried every tile's lock.
     *
     * @return whether it has within {@code timeout}
     */
    boolean awaitAcquired(Duration timeout) throws InterruptedException {
        try {
            acquired.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("Locking the tiles of " + metatile + " failed", e.getCause());
        }
    }

    /** Whether tile {@code i}'s lock is held; call only after {@link #awaitAcquired} returned {@code true}. */
    boolean isHeld(int i) {
        return acquired.join()[i];
    }

    /** Releases tile {@code i}'s lock, if held, on the holder. */
    void release(int i) {
        holder.execute(() -> releaseOnHolder(i));
    }

    /** Releases every lock still held, on the holder; later calls do nothing. */
    void releaseAll() {
        holder.execute(() -> {
            if (allReleased) {
                return;
            }
            allReleased = true;
            try {
                for (int i = 0; i < held.length; i++) {
                    releaseOnHolder(i);
                }
            } finally {
                onAllReleased.run();
            }
        });
    }

    private void lockEveryTile(boolean[] locked, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int i = 0; i < held.length; i++) {
            if (metatile.isCovered(i)) {
                held[i] = lockOrNull(metatile.tile(i), Math.max(0, deadline - System.nanoTime()));
                locked[i] = held[i] != null;
            }
        }
    }

    private LockProvider.Lock lockOrNull(TileKey tile, long timeoutNanos) {
        long start = System.nanoTime();
        try {
            return provider.acquire(tile.lockKey(), Duration.ofNanos(timeoutNanos));
        } catch (LockTimeoutException e) {
            metrics.lockFailed();
            LOGGER.warning("Tile " + tile + " will be served but not stored: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            metrics.lockFailed();
            LOGGER.warning("Tile " + tile + " will be served but not stored: interrupted while locking it");
        } catch (Throwable e) {
            metrics.lockFailed();
            LOGGER.log(Level.WARNING, "Tile " + tile + " will be served but not stored: its lock failed", e);
        } finally {
            metrics.lockWaited(System.nanoTime() - start);
        }
        return null;
    }

    private void releaseOnHolder(int i) {
        LockProvider.Lock lock = held[i];
        if (lock != null) {
            held[i] = null;
            Locks.releaseLogged(lock, metatile.tile(i).lockKey(), metrics);
        }
    }
}
