package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The locks that guard one job's tiles while they are stored, all taken and released on one thread, the
 * <em>holder</em>: a {@link LockHolder} of the job's own for a job handed to the pool, or the thread that
 * runs the job when it ran first (its requester when the pool is off or full, a pool thread that took the
 * job before its requester had bound a holder, a seeding request that took a queued job over). With {@link
 * LockProtocol#TILE_LOCKS} each covered tile has its own lock, released once the tile is stored; with
 * {@link LockProtocol#STORING_LOCK} one storing lock guards every tile and is released when the job ends.
 *
 * <p><b>Ownership.</b> The holder is bound once ({@link #holder}, compare-and-set). {@link #held} and
 * {@link #allReleased} are read and written only by tasks running on the holder. Which locks were obtained
 * is published once, through {@link #acquired}, to the job's owner and its requester; the owner asks for
 * each release, and the holder performs it. A tile whose lock was not obtained is served but never stored.
 */
final class JobLocks {

    private static final Logger LOGGER = Logger.getLogger(JobLocks.class.getName());

    /** How the locks are held: where their tasks run, and what ends the holder once all are released. */
    private record Holder(Executor executor, Runnable retire) {}

    private static final Holder ON_OWN_THREAD = new Holder(Runnable::run, () -> {});

    private final Metatile metatile;
    private final LockProvider provider;
    private final FanoutMetrics metrics;
    /** The keys of the locks to take, in order; {@code null} for none. */
    private final String[] keys;
    /** Which of {@link #keys} guards each tile; {@code -1} for a tile outside the coverage. */
    private final int[] lockOfTile;
    /** Whether each tile's lock is released as soon as the tile is done, or every lock only at the end. */
    private final boolean releasedPerTile;

    private final AtomicReference<Holder> holder = new AtomicReference<>();

    /** Confined to the holder. */
    private final LockProvider.Lock[] held;

    /** Completed once by the holder with which of {@link #keys} it locked. */
    private final CompletableFuture<boolean[]> acquired = new CompletableFuture<>();

    /** Completed by the holder once {@link #releaseAll} has run. */
    private final CountDownLatch released = new CountDownLatch(1);

    /** Set by a requester that stopped waiting: the holder takes no further lock. */
    private volatile boolean abandoned;

    /** Confined to the holder. */
    private boolean allReleased;

    JobLocks(LockProtocol protocol, Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        this.metatile = metatile;
        this.provider = provider;
        this.metrics = metrics;
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

    /**
     * Gives the locks to {@code lockHolder}'s thread and starts taking them there, within {@code timeout}
     * in all, unless a thread already holds them; then the reservation is cancelled.
     *
     * @return whether {@code lockHolder} holds the locks
     */
    boolean acquireOn(LockHolder lockHolder, Duration timeout) {
        if (!holder.compareAndSet(null, new Holder(lockHolder, lockHolder::retire))) {
            lockHolder.cancel();
            return false;
        }
        lockHolder.start(metatile, timeout);
        lockHolder.execute(() -> acquireAll(timeout));
        return true;
    }

    /**
     * Takes the locks on the calling thread, within {@code timeout} in all, unless a thread already holds
     * them; later operations then run inline.
     */
    void acquireOnThisThread(Duration timeout) {
        if (holder.compareAndSet(null, ON_OWN_THREAD)) {
            acquireAll(timeout);
        }
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

    /** Asks the holder to take no further lock: its requester stopped waiting for them. */
    void abandonAcquiring() {
        abandoned = true;
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
            boundHolder().executor().execute(() -> releaseOnHolder(lockOfTile[i]));
        }
    }

    /** Releases every lock still held, on the holder, which then ends; later calls do nothing. */
    void releaseAll() {
        Holder bound = boundHolder();
        bound.executor().execute(() -> {
            if (allReleased) {
                return;
            }
            allReleased = true;
            try {
                for (int k = 0; k < held.length; k++) {
                    releaseOnHolder(k);
                }
            } finally {
                released.countDown();
                bound.retire().run();
            }
        });
    }

    /**
     * Waits until the holder has released every lock asked of {@link #releaseAll}.
     *
     * @return whether it has within {@code timeout}
     */
    boolean awaitReleased(Duration timeout) throws InterruptedException {
        return released.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private Holder boundHolder() {
        holder.compareAndSet(null, ON_OWN_THREAD); // nothing was taken: any thread may "release" nothing
        return holder.get();
    }

    private void acquireAll(Duration timeout) {
        boolean[] locked = new boolean[keys.length];
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            for (int k = 0; k < keys.length; k++) {
                if (keys[k] != null) {
                    held[k] = abandoned ? null : lockOrNull(k, Math.max(0, deadline - System.nanoTime()));
                    locked[k] = held[k] != null;
                }
            }
        } finally {
            acquired.complete(locked);
        }
    }

    private LockProvider.Lock lockOrNull(int k, long timeoutNanos) {
        String guarded = releasedPerTile ? "Tile " + metatile.tile(k) : "The tiles of metatile " + metatile;
        long start = System.nanoTime();
        try {
            return provider.acquire(keys[k], Duration.ofNanos(timeoutNanos));
        } catch (LockTimeoutException e) {
            metrics.lockFailed();
            LOGGER.warning(String.format(LogMessages.JOB_LOCK_NOT_TAKEN, guarded, e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            metrics.lockFailed();
            LOGGER.warning(String.format(LogMessages.JOB_LOCK_NOT_TAKEN, guarded, "interrupted"));
        } catch (Throwable e) {
            Failures.rethrowIfFatal(e);
            metrics.lockFailed();
            LOGGER.log(Level.WARNING, String.format(LogMessages.JOB_LOCK_NOT_TAKEN, guarded, e), e);
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
