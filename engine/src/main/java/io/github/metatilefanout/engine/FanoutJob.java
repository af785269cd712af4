package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import io.github.metatilefanout.engine.InFlightMetatile.Completion;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stores every tile of one rendered metatile.
 *
 * <p><b>Ownership.</b> One thread, the job's <em>owner</em>, takes the job's locks, encodes the tiles nobody else has
 * claimed, hands each encoded tile to the {@link TileWriter} and releases each lock once its tile is written: a job
 * thread of its own ({@link #runOnItsThread}, see {@link JobThreads}), or its requester ({@link #runOnCaller}: the pool
 * is off or full, or the call is seeding). Other threads only report to the owner, through the metatile's {@link
 * InFlightMetatile#completions() completions}: the requester and sibling requests the tiles they encoded, the tile
 * writer each write that returned. The job keeps its metatile's image alive from {@link #attach} until it has
 * finished and left the in-flight registry, so that requests finding it there can always read the image.
 *
 * <p>A job on its thread takes its locks while its metatile renders; its requester {@linkplain #handOver hands it
 * over} once the requested tile is encoded, or {@linkplain #cancel cancels} it. The owner waits for its locks at most
 * the lock timeout, for a sibling's encode at most the lock timeout; for its hand-over, its turn and its writes as long
 * as they take (warning each lock timeout while it holds locks waiting for a hand-over or a turn), until the engine
 * closes.
 */
final class FanoutJob {

    private static final Logger LOGGER = Logger.getLogger(FanoutJob.class.getName());

    /** Wakes an owner waiting for completions, so that it sees it must stop. */
    private static final Completion WAKE_UP = new Completion(-1, null);

    private final Metatile metatile;
    private final JobLocks locks;
    private final TileWriter writer;
    private final Duration lockTimeout;
    private final FanoutMetrics metrics;
    private final BooleanSupplier engineClosed;
    private final Consumer<FanoutJob> onFinished;
    /** Completed once by the requester: the rendered metatile to store, or {@code null} for nothing to store. */
    private final CompletableFuture<InFlightMetatile> handedOver = new CompletableFuture<>();

    private final CountDownLatch finished = new CountDownLatch(1);
    /** Set by the requester before the job is published in flight or handed over. */
    private volatile InFlightMetatile flight;
    /** The owner's only: the tiles handed to the writer whose write has not returned. */
    private final Set<Integer> writing = new HashSet<>();
    /** Set by {@link #stop}: the owner abandons the tiles nobody has started. */
    private volatile boolean stopping;
    /** Tiles abandoned, not stored: written by the owner, or by the requester in {@link #handOver} once the owner has ended. */
    private volatile int abandoned;
    /** Writes the writer dropped at close, each told before its completion is reported. */
    private final AtomicInteger writesDropped = new AtomicInteger();

    /**
     * @param locks the job's locks, decided at the latest one lock timeout after now
     * @param engineClosed whether the engine is closing: then a job thread abandons the tiles nobody has started (a job
     *     its requester runs is told by {@link #stop}, if it was in flight when the engine closed)
     * @param onFinished runs once, on the owner, when every tile is stored, has failed or was abandoned
     */
    FanoutJob(
            Metatile metatile,
            JobLocks locks,
            TileWriter writer,
            Duration lockTimeout,
            FanoutMetrics metrics,
            BooleanSupplier engineClosed,
            Consumer<FanoutJob> onFinished) {
        this.metatile = metatile;
        this.locks = locks;
        this.writer = writer;
        this.lockTimeout = lockTimeout;
        this.metrics = metrics;
        this.engineClosed = engineClosed;
        this.onFinished = onFinished;
    }

    Metatile metatile() {
        return metatile;
    }

    /** The rendered metatile, once {@linkplain #attach attached}. */
    InFlightMetatile flight() {
        return flight;
    }

    JobLocks locks() {
        return locks;
    }

    /** On the requester: the metatile is rendered, with its requested tile claimed; the job keeps its image alive. */
    void attach(InFlightMetatile rendered) {
        if (!rendered.retain()) {
            throw new IllegalStateException("The image of metatile " + rendered.metatile() + " is disposed already");
        }
        this.flight = rendered;
    }

    /**
     * On the requester: the requested tile is encoded; the job's thread may encode and store the others.
     *
     * @return {@code false} if the job's thread had ended already (interrupted at close): then the job is dropped
     *     here, its tiles served but not stored
     */
    boolean handOver() {
        if (handedOver.complete(flight)) {
            return true;
        }
        abandon(flight.abandonUnclaimed().size());
        onFinished.accept(this);
        flight.release();
        return false;
    }

    /**
     * On the requester: the job will store nothing (the render failed, or its tiles are not to be kept). Lets its
     * image go; a job on its thread takes no more locks and releases those it took.
     */
    void cancel() {
        locks.cancel();
        handedOver.complete(null);
        InFlightMetatile attached = flight;
        if (attached != null) {
            attached.release();
        }
    }

    /**
     * Runs the job on the calling thread, its requester: takes its locks (within the lock timeout), encodes and stores
     * every tile; returns once every write has returned.
     *
     * @return the tiles {@linkplain #tilesAbandoned abandoned}
     */
    int runOnCaller() {
        handedOver.complete(flight);
        run(null, EncodedOn.CALLER, () -> {});
        return tilesAbandoned();
    }

    /**
     * Runs the job on its own thread: takes its locks while the metatile renders, then stores its tiles.
     *
     * @param released runs last, once the job has released its locks, left the in-flight registry and freed its image
     */
    void runOnItsThread(EncodingTurns turns, Runnable released) {
        run(turns, EncodedOn.POOL, released);
    }

    /** Asks the owner to abandon the tiles nobody has started yet; those being encoded or written still complete. */
    void stop() {
        stopping = true;
        InFlightMetatile attached = flight;
        if (attached != null) {
            attached.stopClaims();
            attached.completions().add(WAKE_UP);
        }
    }

    /**
     * Waits until every tile is stored, has failed or was abandoned.
     *
     * @return whether that happened within {@code timeout}
     */
    boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Once finished: the tiles neither stored nor failed, because the engine closed or another thread encoding them
     * did not report within the lock timeout.
     */
    int tilesAbandoned() {
        return abandoned + writesDropped.get();
    }

    /** @param turns where a job thread takes its turn to encode; {@code null} for a requester, which encodes at once */
    private void run(EncodingTurns turns, EncodedOn where, Runnable released) {
        InFlightMetatile rendered = null;
        try {
            locks.acquireAll();
            rendered = awaitHandOver();
            if (rendered != null) {
                storeTiles(rendered, turns, where);
            }
        } catch (InterruptedException e) { // closing: the job is finished as abandoned below
            LOGGER.log(Level.FINE, "Job of metatile " + metatile + " interrupted at close", e);
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            FatalErrors.rethrowIfFatal(e); // counted where it happened; ends this thread after the clean-up below
            metrics.internalFailure();
            LOGGER.log(Level.SEVERE, String.format(LogMessages.JOB_FAILED, metatile), e);
        } finally {
            if (rendered == null && !handedOver.completeExceptionally(new IllegalStateException("job thread ended"))) {
                rendered = handedOver.getNow(null); // handed over as this thread was ending: finished as abandoned
            }
            try {
                if (rendered != null) {
                    abandon(rendered.abandonUnclaimed().size()); // none unless a failure cut the loop
                    logEncodeFailures(rendered);
                }
            } finally {
                finish(rendered, released);
            }
        }
    }

    /**
     * Releases the job's locks, lets the job go from the registry, frees its image, and only then gives its thread's
     * slot back; an {@code Error} included.
     */
    private void finish(InFlightMetatile rendered, Runnable released) {
        try {
            locks.releaseAll();
            if (rendered != null) {
                onFinished.accept(this);
            }
        } finally {
            try {
                if (rendered != null) {
                    rendered.release();
                }
            } finally {
                finished.countDown();
                released.run();
            }
        }
    }

    private void logEncodeFailures(InFlightMetatile rendered) {
        int failed = rendered.tilesFailed();
        if (failed > 0) {
            Throwable first = rendered.firstFailure();
            LOGGER.log(
                    first instanceof Error ? Level.SEVERE : Level.WARNING,
                    String.format(LogMessages.ENCODE_FAILED, failed, metatile, rendered.firstFailedTile()),
                    first);
        }
    }

    /** The metatile to store, once its requester has encoded its tile; each lock timeout waited, a warning. */
    private InFlightMetatile awaitHandOver() throws InterruptedException, ExecutionException {
        long start = System.nanoTime();
        while (true) {
            try {
                return handedOver.get(lockTimeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                LOGGER.warning(String.format(LogMessages.LOCKS_HELD_WHILE_RENDERING, metatile, heldMillis));
            }
        }
    }

    /**
     * The owner's loop: encodes the tiles nobody has claimed while it has a turn, writes every encoded tile whose
     * lock is held, and releases each tile lock once its tile is written or will not be (a storing lock is released
     * at the end).
     */
    private void storeTiles(InFlightMetatile rendered, EncodingTurns turns, EncodedOn where) {
        boolean encoding = turns == null || takeTurn(turns);
        int remaining = rendered.metatile().coveredTileCount();
        try {
            while (remaining > 0) {
                Completion done = rendered.completions().poll();
                if (done == null && encoding) {
                    int claimed = mustStop(turns) ? -1 : rendered.claimNext();
                    if (claimed >= 0) {
                        done = new Completion(claimed, rendered.encodeClaimed(claimed, where));
                    } else {
                        encoding = false;
                        if (turns != null) {
                            turns.give();
                        }
                    }
                }
                if (done == null) {
                    List<Integer> unclaimed = rendered.abandonUnclaimed();
                    abandon(unclaimed.size());
                    for (int i : unclaimed) {
                        locks.release(i);
                        remaining--;
                    }
                    if (remaining == 0) {
                        break;
                    }
                    done = awaitCompletion(rendered);
                    if (done == null) {
                        LOGGER.severe(String.format(LogMessages.TILES_NOT_REPORTED, remaining, metatile));
                        abandon(remaining);
                        return;
                    }
                }
                remaining -= take(done, rendered);
            }
        } catch (InterruptedException e) {
            LOGGER.warning(String.format(LogMessages.TILES_NOT_REPORTED, remaining, metatile));
            abandon(remaining);
            Thread.currentThread().interrupt();
        } finally {
            if (encoding && turns != null) {
                turns.give();
            }
        }
    }

    /**
     * The next completion, waiting at most the lock timeout, or as long as tiles handed to the writer have not
     * returned, interrupts included: a tile stays locked until its own write has returned, and at close the writer
     * drops or interrupts its writes, each still reporting.
     */
    private Completion awaitCompletion(InFlightMetatile rendered) throws InterruptedException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Completion done = rendered.completions().poll(lockTimeout.toNanos(), TimeUnit.NANOSECONDS);
                    if (done != null || writing.isEmpty()) {
                        return done;
                    }
                } catch (InterruptedException e) {
                    if (writing.isEmpty()) {
                        throw e;
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Acts on one completion: writes an encoded tile whose lock is held, or else releases the tile's lock.
     *
     * @return how many tiles are finished by it: 1, or 0 while the tile is being written
     */
    private int take(Completion done, InFlightMetatile rendered) {
        int i = done.index();
        if (i < 0) {
            return 0; // woken up to stop
        }
        if (done.toStore() == null) {
            writing.remove(i);
        } else if (locks.isHeld(i)) {
            writing.add(i);
            writer.write(rendered.metatile().tile(i), done.toStore(), rendered.cachePolicy(), dropped -> {
                if (dropped) {
                    writesDropped.incrementAndGet();
                }
                rendered.completions().add(new Completion(i, null));
            });
            return 0;
        }
        locks.release(i);
        return 1;
    }

    /**
     * Waits for a turn to encode, as long as the jobs ahead encode (each lock timeout waited, a warning).
     *
     * @return {@code false} if the engine is closing or this thread was interrupted
     */
    private boolean takeTurn(EncodingTurns turns) {
        try {
            return turns.take(
                    lockTimeout.toNanos(),
                    waitedMillis -> LOGGER.warning(String.format(LogMessages.STILL_NO_TURN, metatile, waitedMillis)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** On the owner: {@code count} more tiles will not be stored. */
    private void abandon(int count) {
        metrics.tilesAbandoned(count);
        abandoned += count;
    }

    private boolean mustStop(EncodingTurns turns) {
        return stopping
                || (turns != null && engineClosed.getAsBoolean())
                || Thread.currentThread().isInterrupted();
    }
}
