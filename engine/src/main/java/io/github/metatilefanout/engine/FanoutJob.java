package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import io.github.metatilefanout.engine.InFlightMetatile.Completion;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stores every tile of one rendered metatile.
 *
 * <p><b>Ownership.</b> The thread that runs the job is its <em>owner</em>: a pool thread, or the caller
 * (pool off or full, seeding, or a seeding request that takes over a job still queued). The owner is the
 * only thread that stores tiles and asks for the job's locks to be released. Pool helpers and request
 * threads that encode a tile report it to the owner as a {@link Completion}; once the owner has given up
 * waiting for them, nobody stores those tiles. The job's locks (its tile locks, or its storing lock) belong
 * to its {@link JobLocks}' holder. The job keeps its metatile's image alive from its creation until it has
 * finished and left the in-flight registry ({@code onFinished}), so that requests finding it there can
 * always read the image.
 *
 * <p>A job runs once: {@link #phase} moves from QUEUED to STARTED or to ABANDONED exactly once.
 */
final class FanoutJob {

    private static final Logger LOGGER = Logger.getLogger(FanoutJob.class.getName());

    private static final int QUEUED = 0;
    private static final int STARTED = 1;
    private static final int ABANDONED = 2;
    private static final Runnable NOTHING = () -> {};

    private final InFlightMetatile flight;
    private final JobLocks jobLocks;
    private final TileStore store;
    private final Duration lockTimeout;
    private final FanoutMetrics metrics;
    private final Consumer<FanoutJob> onFinished;
    private final AtomicInteger phase = new AtomicInteger(QUEUED);
    private final CountDownLatch finished = new CountDownLatch(1);
    /** Set by {@link #stop}: the owner abandons the tiles nobody has started. */
    private volatile boolean stopping;
    /**
     * When a job abandoned at close gives up waiting ({@link System#nanoTime}); written before {@link #execute}
     * on the closing thread, which runs it. Other jobs wait at most the lock timeout at each step.
     */
    private long abandonDeadline;

    private boolean abandonedAtClose;

    /**
     * @param flight a metatile just rendered, with its requested tile still claimed
     * @param onFinished runs once, on the owner, when every tile is stored, has failed or was abandoned
     */
    FanoutJob(
            InFlightMetatile flight,
            JobLocks jobLocks,
            TileStore store,
            Duration lockTimeout,
            FanoutMetrics metrics,
            Consumer<FanoutJob> onFinished) {
        this.flight = flight;
        this.jobLocks = jobLocks;
        this.store = store;
        this.lockTimeout = lockTimeout;
        this.metrics = metrics;
        this.onFinished = onFinished;
        if (!flight.retain()) {
            throw new IllegalStateException("The image of metatile " + flight.metatile() + " is disposed already");
        }
    }

    InFlightMetatile flight() {
        return flight;
    }

    JobLocks locks() {
        return jobLocks;
    }

    /**
     * Runs the job on a pool thread, unless someone else already runs it.
     *
     * @param betweenTiles run after each tile the pool thread encodes for this job, before it claims the next
     */
    void runOnPool(Runnable betweenTiles) {
        if (phase.compareAndSet(QUEUED, STARTED)) {
            execute(EncodedOn.POOL, betweenTiles);
        }
    }

    /**
     * Runs the job on the calling thread if nobody has started it: a job never handed to the pool, or a
     * queued one taken over by a seeding request.
     *
     * @return whether this call ran it
     */
    boolean runOnCaller() {
        if (phase.compareAndSet(QUEUED, STARTED)) {
            execute(EncodedOn.CALLER, NOTHING);
            return true;
        }
        return false;
    }

    /**
     * Ends a job that never started, on the calling thread, waiting for nothing past {@code deadline} ({@link
     * System#nanoTime}): the tiles already encoded (the requested one) are stored if their locks are known to be
     * held by then, the others abandoned, every lock released by its holder.
     */
    void abandonIfQueued(long deadline) {
        if (phase.compareAndSet(QUEUED, ABANDONED)) {
            stopping = true;
            jobLocks.stopAcquiring();
            abandonedAtClose = true;
            abandonDeadline = deadline;
            execute(EncodedOn.CALLER, NOTHING);
        }
    }

    /** Drops a job that was never registered nor handed over: releases its locks, lets its image go. */
    void discard() {
        if (phase.compareAndSet(QUEUED, ABANDONED)) {
            jobLocks.stopAcquiring();
            jobLocks.releaseAll();
            flight.release();
            finished.countDown();
        }
    }

    /** Asks the owner to abandon the tiles nobody has started yet; those being encoded still complete. */
    void stop() {
        stopping = true;
    }

    /**
     * Waits until every tile is stored, has failed or was abandoned.
     *
     * @return whether that happened within {@code timeout}
     */
    boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Runs on a pool thread with no job: encodes unclaimed tiles for the owner until none is left. */
    void help(FanoutPool pool) {
        while (!pool.hasWaitingJobs() && helpWithOneTile(EncodedOn.POOL)) {}
    }

    /**
     * Runs on the requester of a job that waits in the pool's queue: encodes the tiles nobody has claimed until a pool
     * thread starts the job, which stores them; so that at saturation no request waits for a whole metatile while
     * another's are answered after one tile.
     */
    void encodeWhileQueued() {
        while (phase.get() == QUEUED && helpWithOneTile(EncodedOn.CALLER)) {}
    }

    /**
     * Encodes one tile nobody has claimed, for the owner to store.
     *
     * @return {@code false} if there was none, or the job is stopping
     */
    boolean helpWithOneTile(EncodedOn where) {
        int claimed = stopping ? -1 : flight.claimNext();
        if (claimed < 0) {
            return false;
        }
        byte[] data = null;
        try {
            data = flight.encodeClaimed(claimed, where);
        } finally {
            flight.completions().add(new Completion(claimed, data));
        }
        return true;
    }

    private void execute(EncodedOn where, Runnable betweenTiles) {
        boolean interrupted = false;
        try {
            jobLocks.acquireOnOwner(lockTimeout); // unless the job's lock holder takes them
            try {
                jobLocks.awaitAcquired(nextWait());
            } catch (InterruptedException e) {
                interrupted = true;
            }
            interrupted |= storeTiles(where, betweenTiles);
        } catch (Throwable e) {
            FatalErrors.rethrowIfFatal(e); // counted where it happened; ends this thread after the clean-up below
            metrics.internalFailure();
            LOGGER.log(Level.SEVERE, String.format(LogMessages.JOB_FAILED, flight.metatile()), e);
        } finally {
            try {
                metrics.tilesAbandoned(flight.abandonUnclaimed().size()); // none unless a failure cut the loop
                jobLocks.releaseAll();
                onFinished.accept(this);
            } finally {
                flight.release();
                finished.countDown();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * The owner's loop: encodes the tiles nobody has claimed, stores every tile whose lock is held, and
     * has each tile lock released as soon as its tile is done (a storing lock is released at the end).
     * Returns whether the thread was interrupted.
     */
    private boolean storeTiles(EncodedOn where, Runnable betweenTiles) {
        boolean interrupted = false;
        int remaining = flight.metatile().coveredTileCount();
        while (remaining > 0) {
            for (Completion done; (done = flight.completions().poll()) != null; remaining--) {
                finish(done.index(), done.toStore());
            }
            if (stopping || interrupted) {
                var abandoned = flight.abandonUnclaimed();
                metrics.tilesAbandoned(abandoned.size());
                for (int i : abandoned) {
                    jobLocks.release(i);
                    remaining--;
                }
            } else {
                int claimed = flight.claimNext();
                if (claimed >= 0) {
                    finish(claimed, flight.encodeClaimed(claimed, where));
                    remaining--;
                    betweenTiles.run();
                    continue;
                }
            }
            if (remaining > 0) {
                try {
                    Completion done = flight.completions().poll(nextWait().toNanos(), TimeUnit.NANOSECONDS);
                    if (done == null) {
                        LOGGER.severe(String.format(LogMessages.TILES_NOT_REPORTED, remaining, flight.metatile()));
                        return interrupted;
                    }
                    finish(done.index(), done.toStore());
                    remaining--;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        return interrupted;
    }

    /** Stores tile {@code i} if it was encoded and its lock is held, then has its lock released. */
    private void finish(int i, byte[] data) {
        try {
            if (data != null && jobLocks.isHeld(i)) {
                storeLogged(i, data);
            }
        } finally {
            jobLocks.release(i);
        }
    }

    private void storeLogged(int i, byte[] data) {
        TileKey tile = flight.metatile().tile(i);
        try {
            if (flight.cachePolicy() == CachePolicy.PERSIST) {
                store.put(tile, data);
            } else {
                store.putTransient(tile, data);
            }
            metrics.stored();
        } catch (Throwable e) {
            metrics.storeFailed();
            LOGGER.log(
                    e instanceof Error ? Level.SEVERE : Level.WARNING,
                    String.format(LogMessages.STORE_FAILED, tile),
                    e);
            FatalErrors.rethrowIfFatal(e);
        }
    }

    /** How long the owner's next wait may be: the lock timeout, or what is left for a job abandoned at close. */
    private Duration nextWait() {
        return abandonedAtClose ? Duration.ofNanos(Math.max(0, abandonDeadline - System.nanoTime())) : lockTimeout;
    }
}
