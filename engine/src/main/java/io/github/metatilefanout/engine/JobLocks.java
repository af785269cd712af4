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
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The locks that guard one job's tiles while they are stored, all taken and released on one thread, the
 * <em>holder</em>: a {@link LockHolder} of the job's own for a job that may be handed to the pool ({@link
 * #takenOn}), or the requester that runs the job itself ({@link #takenByOwner}). With {@link LockProtocol#TILE_LOCKS}
 * each covered tile has its own lock, released once the tile is stored; with {@link LockProtocol#STORING_LOCK} one
 * storing lock guards every tile and is released when the job ends.
 *
 * <p>A lock holder tries the locks until a deadline, the lock timeout after the job was created (before its render).
 * Whoever waits for them learns at the deadline at the latest which were obtained: a lock the provider grants later (a
 * provider may overshoot its timeout) is released at once by the holder, so that no wait for a job's locks is longer
 * than the lock timeout. A requester that runs its job takes the locks itself, within the lock timeout of starting.
 *
 * <p><b>Ownership.</b> {@link #held} and {@link #allReleased} are read and written only by tasks running on the
 * holder. {@link #locked} is guarded by {@code this}: the holder records each lock obtained there, unless the set of
 * locks obtained is already decided. That set is published once, through {@link #acquired}, to the job's owner and its
 * requester: by the holder when it has tried every lock, or by a waiter at the deadline ({@link #stopAcquiring}). The
 * owner asks for each release, and the holder performs it. A tile whose lock was not obtained is served but never
 * stored. A lock operation that throws, an {@code Error} included, is logged and counted, and
 * counts as a lock not taken (or, for a release, as done): it never ends the holder with locks held.
 */
final class JobLocks {

    private static final Logger LOGGER = Logger.getLogger(JobLocks.class.getName());

    private final Metatile metatile;
    private final LockProvider provider;
    private final FanoutMetrics metrics;
    /** The keys of the locks to take, in order; {@code null} for none. */
    private final String[] keys;
    /** Which of {@link #keys} guards each tile; {@code -1} for a tile outside the coverage. */
    private final int[] lockOfTile;
    /** Whether each tile's lock is released as soon as the tile is done, or every lock only at the end. */
    private final boolean releasedPerTile;

    /** Where lock tasks run: the job's {@link LockHolder}, or inline on the owner. */
    private final Executor holder;

    private final Runnable retire;

    /** Confined to the holder. */
    private final LockProvider.Lock[] held;

    /** Which of {@link #keys} the holder has locked so far; guarded by {@code this}. */
    private final boolean[] locked;

    /** Completed once, with {@link #locked}'s final value: the locks the job holds. */
    private final CompletableFuture<boolean[]> acquired = new CompletableFuture<>();

    /** When a {@link LockHolder} stops trying ({@link System#nanoTime}); unused for locks taken by the owner. */
    private final long deadline;

    /** Completed by the holder once {@link #releaseAll} has run. */
    private final CountDownLatch released = new CountDownLatch(1);

    /** Confined to the holder. */
    private boolean allReleased;

    private JobLocks(
            LockProtocol protocol,
            Metatile metatile,
            LockProvider provider,
            FanoutMetrics metrics,
            Executor holder,
            Runnable retire,
            long deadline) {
        this.metatile = metatile;
        this.deadline = deadline;
        this.provider = provider;
        this.metrics = metrics;
        this.holder = holder;
        this.retire = retire;
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
        this.locked = new boolean[keys.length];
    }

    /**
     * The locks of a job, taken by {@code lockHolder}'s thread starting now, within {@code timeout} in all.
     *
     * @return {@code null} if {@code lockHolder} could not start (its pool was shut down)
     */
    static JobLocks takenOn(
            LockHolder lockHolder,
            LockProtocol protocol,
            Metatile metatile,
            LockProvider provider,
            FanoutMetrics metrics,
            Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos(); // not later: the owner's wait starts after this
        if (!lockHolder.start(metatile, timeout)) {
            return null;
        }
        JobLocks locks = new JobLocks(protocol, metatile, provider, metrics, lockHolder, lockHolder::retire, deadline);
        lockHolder.execute(() -> locks.acquireAll(deadline));
        return locks;
    }

    /** The locks of a job run by its requester, taken when it starts the job ({@link #acquireOnOwner}). */
    static JobLocks takenByOwner(
            LockProtocol protocol, Metatile metatile, LockProvider provider, FanoutMetrics metrics) {
        return new JobLocks(protocol, metatile, provider, metrics, Runnable::run, () -> {}, 0);
    }

    /** Whether a {@link LockHolder} of the job's own holds these locks, so that the job may wait for a thread. */
    boolean onLockHolder() {
        return holder instanceof LockHolder;
    }

    /**
     * For locks {@linkplain #takenByOwner taken by the owner}: takes them on the calling thread, within {@code
     * timeout} in all.
     */
    void acquireOnOwner(Duration timeout) {
        if (!onLockHolder()) {
            acquireAll(System.nanoTime() + timeout.toNanos());
        }
    }

    /**
     * Waits until it is known which locks the job holds: until the holder has tried every lock, the deadline, or
     * {@code timeout}, whichever comes first (then the locks obtained so far are those the job holds).
     *
     * @throws InterruptedException after deciding, as above, on the locks obtained so far
     */
    void awaitAcquired(Duration timeout) throws InterruptedException {
        long wait = onLockHolder() ? Math.min(timeout.toNanos(), deadline - System.nanoTime()) : timeout.toNanos();
        try {
            acquired.get(Math.max(0, wait), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            stopAcquiring();
        } catch (InterruptedException e) {
            stopAcquiring();
            throw e;
        } catch (ExecutionException e) {
            throw new IllegalStateException("Locking the tiles of " + metatile + " failed", e.getCause());
        }
    }

    /** The holder takes no further lock: those obtained so far are the ones the job holds. */
    synchronized void stopAcquiring() {
        acquired.complete(locked.clone());
    }

    /** Whether tile {@code i}'s lock is held; call only once {@link #awaitAcquired} has returned. */
    boolean isHeld(int i) {
        return lockOfTile[i] >= 0 && acquired.join()[lockOfTile[i]];
    }

    /**
     * Tile {@code i} is done: releases its lock, if held, on the holder. Does nothing under a storing lock, which
     * {@link #releaseAll} releases.
     */
    void release(int i) {
        if (releasedPerTile && lockOfTile[i] >= 0) {
            holder.execute(() -> releaseOnHolder(lockOfTile[i]));
        }
    }

    /** Releases every lock still held, on the holder, which then ends; later calls do nothing. */
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
                released.countDown();
                retire.run();
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

    /** Takes every lock, giving up on those not obtained by {@code deadline} or once the set is decided. */
    private void acquireAll(long deadline) {
        try {
            for (int k = 0; k < keys.length && !acquired.isDone(); k++) {
                if (keys[k] != null) {
                    keep(k, lockOrNull(k, Math.max(0, deadline - System.nanoTime())));
                }
            }
        } finally {
            stopAcquiring();
        }
    }

    /** Records lock {@code k} as held, or releases it at once if the locks held are already decided. */
    private void keep(int k, LockProvider.Lock lock) {
        if (lock == null) {
            return;
        }
        synchronized (this) {
            if (!acquired.isDone()) {
                held[k] = lock;
                locked[k] = true;
                return;
            }
        }
        LockRelease.logged(lock, keys[k], metrics); // obtained after the deadline: not the job's
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
        } catch (Throwable e) { // Errors included: this thread must go on to release the locks it holds
            metrics.lockFailed();
            LOGGER.log(
                    e instanceof Error ? Level.SEVERE : Level.WARNING,
                    String.format(LogMessages.JOB_LOCK_NOT_TAKEN, guarded, e),
                    e);
        } finally {
            metrics.lockWaited(System.nanoTime() - start);
        }
        return null;
    }

    private void releaseOnHolder(int k) {
        LockProvider.Lock lock = held[k];
        if (lock != null) {
            held[k] = null;
            LockRelease.logged(lock, keys[k], metrics);
        }
    }
}
