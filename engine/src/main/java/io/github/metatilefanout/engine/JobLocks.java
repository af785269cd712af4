package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The locks that guard one job's tiles while they are stored. With {@link LockProtocol#TILE_LOCKS} each covered tile
 * has its own lock, released once the tile is stored; with {@link LockProtocol#STORING_LOCK} one storing lock guards
 * every tile and is released when the job ends.
 *
 * <p><b>Ownership.</b> The job's owner, one thread, takes every lock and releases every lock ({@link #acquireAll},
 * {@link #release}, {@link #releaseAll}); {@link #held} is confined to it. The set of locks the job holds is decided
 * once: by the owner when it has tried every lock, or earlier by any thread ({@link #decide}), such as a requester
 * that may not wait past the deadline, the lock timeout after the job was created. A lock obtained after the set was
 * decided is not the job's: the owner releases it at once. {@link #locked} is guarded by {@code this}. A tile whose
 * lock is not held is served but not stored.
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
    /** When the owner stops trying ({@link System#nanoTime}). */
    private final long deadline;

    /** Confined to the owner. */
    private final LockProvider.Lock[] held;
    /** Which of {@link #keys} the owner has locked so far; guarded by {@code this}. */
    private final boolean[] locked;
    /** Completed once, with {@link #locked}'s final value: the locks the job holds. */
    private final CompletableFuture<boolean[]> decided = new CompletableFuture<>();
    /** Set by {@link #cancel}: the job stores nothing, so the locks it does not take are not worth a line. */
    private volatile boolean cancelled;

    /** The locks of a job created now, to be decided within {@code timeout}. */
    JobLocks(LockProtocol protocol, Metatile metatile, LockProvider provider, FanoutMetrics metrics, Duration timeout) {
        this.metatile = metatile;
        this.provider = provider;
        this.metrics = metrics;
        this.deadline = System.nanoTime() + timeout.toNanos();
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
     * On the owner: takes every lock, giving up on those not obtained by the deadline or once the set is decided. The
     * locks not obtained are counted each and logged in one line.
     */
    void acquireAll() {
        int notTaken = 0;
        String why = null;
        Throwable failure = null;
        try {
            for (int k = 0; k < keys.length; k++) {
                if (keys[k] == null) {
                    continue;
                }
                if (decided.isDone() || Thread.currentThread().isInterrupted()) {
                    notTaken++;
                    why = why != null ? why : decided.isDone() ? "the lock timeout passed" : "interrupted";
                    continue;
                }
                long start = System.nanoTime();
                try {
                    keep(k, provider.acquire(keys[k], Duration.ofNanos(Math.max(0, deadline - start))));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    notTaken++;
                    why = why != null ? why : "interrupted";
                } catch (Throwable e) { // Errors included: the owner must go on to release the locks it holds
                    notTaken++;
                    if (why == null) {
                        why = e instanceof LockTimeoutException ? e.getMessage() : e.toString();
                        failure = e instanceof LockTimeoutException ? null : e;
                    }
                } finally {
                    metrics.lockWaited(System.nanoTime() - start);
                }
            }
        } finally {
            decide();
            if (notTaken > 0 && !cancelled) {
                metrics.lockFailed(notTaken);
                String guarded = releasedPerTile
                        ? notTaken + " of " + metatile.coveredTileCount() + " tiles of metatile " + metatile
                        : "The tiles of metatile " + metatile;
                LOGGER.log(
                        failure instanceof Error ? Level.SEVERE : Level.WARNING,
                        String.format(LogMessages.JOB_LOCKS_NOT_TAKEN, guarded, why),
                        failure);
            }
        }
    }

    /**
     * Waits until the set of locks held is decided, at most until the deadline; then decides it.
     *
     * @throws InterruptedException after deciding the set as it stands
     */
    void awaitDecided() throws InterruptedException {
        try {
            decided.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) { // never completed exceptionally
            decide();
        } catch (InterruptedException e) {
            decide();
            throw e;
        }
    }

    /** From now on the owner takes no further lock: those obtained so far are the ones the job holds. */
    synchronized void decide() {
        decided.complete(locked.clone());
    }

    /** The job will store nothing: the owner takes no further lock. */
    void cancel() {
        cancelled = true;
        decide();
    }

    /** Whether tile {@code i}'s lock is held; {@code false} until the set is decided. */
    boolean isHeld(int i) {
        boolean[] held = decided.getNow(null);
        return held != null && lockOfTile[i] >= 0 && held[lockOfTile[i]];
    }

    /** On the owner: tile {@code i} is done; releases its lock. Does nothing under a storing lock. */
    void release(int i) {
        if (releasedPerTile && lockOfTile[i] >= 0) {
            releaseOnOwner(lockOfTile[i]);
        }
    }

    /** On the owner: releases every lock still held. */
    void releaseAll() {
        decide();
        for (int k = 0; k < held.length; k++) {
            releaseOnOwner(k);
        }
    }

    /** Records lock {@code k} as held, or releases it at once if the locks held are already decided. */
    private void keep(int k, LockProvider.Lock lock) {
        if (lock == null) {
            return;
        }
        synchronized (this) {
            if (!decided.isDone()) {
                held[k] = lock;
                locked[k] = true;
                return;
            }
        }
        LockRelease.logged(lock, keys[k], metrics); // obtained after the set was decided: not the job's
    }

    private void releaseOnOwner(int k) {
        LockProvider.Lock lock = held[k];
        if (lock != null) {
            held[k] = null;
            LockRelease.logged(lock, keys[k], metrics);
        }
    }
}
