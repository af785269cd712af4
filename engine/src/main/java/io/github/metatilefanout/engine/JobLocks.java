package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The locks that guard one job's tiles while they are stored, all taken and released on one thread, the
 * <em>holder</em>: the {@link LockKeeper} for a job handed to the pool, or the job's caller when it runs
 * the job itself. With {@link LockProtocol#TILE_LOCKS} each covered tile has its own lock, released once
 * the tile is stored; with {@link LockProtocol#STORING_LOCK} one storing lock guards every tile and is
 * released when the job ends.
 *
 * <p><b>Ownership.</b> {@link #held} is read and written only by tasks running on the holder. Which locks
 * were obtained is published once, through {@link #acquired}, to the job's owner; the owner asks for each
 * release, and the holder performs it. A tile whose lock was not obtained is served but never stored.
 */
final class JobLocks {

    private static final Logger LOGGER = Logger.getLogger(JobLocks.class.getName());

    private final Metatile metatile;
    private final LockProvider provider;
    private final FanoutMetrics metrics;
    private final Executor holder;
    private final Runnable onAllReleased;
    /** The keys of the locks to take, in order; {@code null} for none. */
    private final String[] keys;
    /** Which of {@link #keys} guards each tile; {@code -1} for a tile outside the coverage. */
    private final int[] lockOfTile;
    /** Whether each tile's lock is released as soon as the tile is done, or every lock only at the end. */
    private final boolean releasedPerTile;

    /** Confined to the holder thread. */
    private final LockProvider.Lock[] held;

    /** Completed once by the holder with which of {@link #keys} it locked. */
    private final CompletableFuture<boolean[]> acquired = new CompletableFuture<>();

    private final AtomicBoolean acquireRequested = new AtomicBoolean();

    /** Confined to the holder thread. */
    private boolean allReleased;

    private JobLocks(
            LockProtocol protocol,
            Metatile metatile,
            LockProvider provider,
            FanoutMetrics metrics,
            Executor holder,
            Runnable onAllReleased) {
        this.metatile = metatile;
        this.provider = provider;
        this.metrics = metrics;
        this.holder = holder;
        this.onAllReleased = onAllReleased;
        this.releasedPerTile = protocol == LockProtocol.TILE_LOCKS;
        this.lockOfTile = new int[metatile.tileCount()];
        Arrays.fill(lockOfTile, -1);
        this.keys = releasedPerTile ? new String[metatile.tileCount()] : new String[] {metatile.storingLockKey()};
        for (int i = 0; i < lockOfTile.length; i++) {
            if (metatile.isCovered(i)) {
                lockOfTile[i] = releasedPerTile ? i : 0;
                if (releasedPerTile) {
                    keys[i] = metatile.tile(i).lockKey();
                }
            }
        }
        this.held = new LockProvider.Lock[keys.length];
    }

    /** Locks held by the calling thread itself: every operation runs inline. */
    static JobLocks heldByCaller(
            LockProtocol protocol, Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        return new JobLocks(protocol, metatile, provider, metrics, Runnable::run, () -> {});
    }

    /** Locks held by {@code keeper}'s thread. */
    static JobLocks heldBy(
            LockKeeper keeper, LockProtocol protocol, Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        keeper.lockSetTaken();
        return new JobLocks(protocol, metatile, provider, metrics, keeper, keeper::lockSetReleased);
    }

    /**
     * Takes every lock on the holder, within {@code timeout} in all; inline when the caller holds them.
     * Only the first call does anything.
     */
    void acquireAll(Duration timeout) {
        if (!acquireRequested.compareAndSet(false, true)) {
            return;
        }
        holder.execute(() -> {
            boolean[] locked = new boolean[keys.length];
            try {
                lockEveryKey(locked, timeout);
            } finally {
                acquired.complete(locked);
            }
        });
    }

    /**
     * Waits until the holder has tried every lock.
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
        return lockOfTile[i] >= 0 && acquired.join()[lockOfTile[i]];
    }

    /**
     * Tile {@code i} is done: releases its lock, if held, on the holder. Does nothing under a storing lock,
     * which {@link #releaseAll} releases.
     */
    void release(int i) {
        if (releasedPerTile && lockOfTile[i] >= 0) {
            holder.execute(() -> releaseOnHolder(lockOfTile[i]));
        }
    }

    /** Releases every lock still held, on the holder; later calls do nothing. */
    void releaseAll() {
        holder.execute(() -> {
            if (allReleased) {
                return;
            }
            allReleased = true;
            try {
                for (int k = 0; k < held.length; k++) {
                    releaseOnHolder(k);
                }
            } finally {
                onAllReleased.run();
            }
        });
    }

    private void lockEveryKey(boolean[] locked, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int k = 0; k < keys.length; k++) {
            if (keys[k] != null) {
                held[k] = lockOrNull(k, Math.max(0, deadline - System.nanoTime()));
                locked[k] = held[k] != null;
            }
        }
    }

    private LockProvider.Lock lockOrNull(int k, long timeoutNanos) {
        String notStored = (releasedPerTile ? "Tile " + metatile.tile(k) : "The tiles of metatile " + metatile)
                + " will be served but not stored: ";
        long start = System.nanoTime();
        try {
            return provider.acquire(keys[k], Duration.ofNanos(timeoutNanos));
        } catch (LockTimeoutException e) {
            metrics.lockFailed();
            LOGGER.warning(notStored + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            metrics.lockFailed();
            LOGGER.warning(notStored + "interrupted while taking lock '" + keys[k] + "'");
        } catch (Throwable e) {
            metrics.lockFailed();
            LOGGER.log(Level.WARNING, notStored + "lock '" + keys[k] + "' failed", e);
        } finally {
            metrics.lockWaited(System.nanoTime() - start);
        }
        return null;
    }

    private void releaseOnHolder(int k) {
        LockProvider.Lock lock = held[k];
        if (lock != null) {
            held[k] = null;
            Locks.releaseLogged(lock, keys[k], metrics);
        }
    }
}
