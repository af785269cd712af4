package io.github.metatilefanout.engine;

import java.util.List;

/**
 * The threads that run handed-off jobs: one thread per job, from before its metatile renders until its last tile is
 * stored, and at most {@code poolSize + queueBound} of them at once (the <em>slots</em>). Of those, at most {@code
 * poolSize} encode at once ({@link EncodingTurns}); the others wait for a turn: that is the queue.
 *
 * <p><b>Why a thread per job.</b> A job's locks must be taken before its requester releases the metatile lock, held
 * while the job waits and encodes, and released by the thread that took them (GeoWebCache's lock providers are
 * bound to threads). So one thread must live with the job from its first lock to its last, and nothing can run a
 * job's tiles on another job's thread. A thread costs tens of microseconds to start, against milliseconds to render a
 * metatile; reusing threads would buy nothing but the idle-exit races of an executor whose tasks are long.
 *
 * <p><b>Failures.</b> No slot, or a thread that cannot start ({@link OutOfMemoryError}: a process limit on threads)
 * means {@link #tryStart} returns {@code false} with the slot untaken: the requester runs the job itself. Nothing is
 * lost and nothing is held.
 */
final class JobThreads {

    private final EngineThreads threads;
    private final FanoutMetrics metrics;
    private final EncodingTurns turns;
    /** Guarded by {@code this}. */
    private FanoutSettings applied;
    /** Guarded by {@code this}; below 0 after the bound was lowered, until enough jobs have ended. */
    private int slotsFree;
    /** Guarded by {@code this}. */
    private boolean closed;

    /**
     * @param threads makes the jobs' threads
     * @param turns how many of the jobs encode at once, sized here from now on
     */
    JobThreads(EngineThreads threads, EncodingTurns turns, FanoutSettings settings, FanoutMetrics metrics) {
        this.threads = threads;
        this.metrics = metrics;
        this.turns = turns;
        turns.resize(turnsOf(settings));
        this.applied = settings;
        this.slotsFree = slots(settings);
    }

    /**
     * Starts {@code job} on a thread of its own, if a slot is free.
     *
     * @return {@code false} if no slot is free, the engine is closing, or no thread could be started: the caller runs
     *     the job
     */
    boolean tryStart(FanoutJob job) {
        Throwable notStarted;
        synchronized (this) { // the monitor close() takes: every thread started before close() is waited for
            if (closed || slotsFree <= 0) {
                return false;
            }
            try {
                threads.newThread(() -> job.runOnItsThread(turns, this::freeSlot))
                        .start();
                slotsFree--;
                return true;
            } catch (Throwable e) { // OutOfMemoryError: unable to create native thread, among others
                notStarted = e;
            }
        }
        EngineThreads.reportNotStarted(metrics, notStarted);
        return false;
    }

    /** Applies new sizes: jobs beyond the new bounds finish first, no job is dropped. */
    synchronized void resize(FanoutSettings current) {
        slotsFree += slots(current) - slots(applied);
        applied = current;
        turns.resize(turnsOf(current));
    }

    /**
     * Starts no more jobs, and lets every job waiting for a turn go on to abandon its tiles. Returns once no thread is
     * being started: every job thread is then among those {@link #awaitEnded} waits for.
     */
    void close() {
        synchronized (this) {
            closed = true;
        }
        turns.close();
    }

    boolean awaitEnded(long deadline) throws InterruptedException {
        return threads.awaitEnded(deadline);
    }

    void interruptAll() {
        threads.interruptAll();
    }

    List<String> aliveNames() {
        return threads.aliveNames();
    }

    private synchronized void freeSlot() {
        slotsFree++;
    }

    /** At least one: jobs still waiting when the pool is turned off get their turns. */
    private static int turnsOf(FanoutSettings settings) {
        return Math.max(1, settings.poolSize());
    }

    private static int slots(FanoutSettings settings) {
        return settings.poolSize() == 0 ? 0 : settings.poolSize() + settings.queueBound();
    }
}
