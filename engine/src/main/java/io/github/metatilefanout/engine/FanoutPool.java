package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded pool that encodes and stores the tiles of metatile jobs: a {@link ThreadPoolExecutor} of at most
 * {@code size} threads, which start on demand and end after {@code keepAlive} idle (the executor never leaves a
 * waiting task without a thread), and a {@link Semaphore} of {@code size + queueBound} places, one per job running or
 * waiting. Nothing is ever rejected to a client: a job that finds no place is run by its caller ({@link #trySubmit}
 * returns {@code false}).
 *
 * <p>Threads with no job help the running jobs encode their tiles ({@link FanoutJob#help}). Help takes no place, and
 * is offered only while a thread is idle or can be started; a helper gives way after its current tile as soon as a
 * job waits, so that a helping thread is as free for a job as an idle one. The executor's queue is unbounded for that
 * reason: it never holds more jobs than the places allow, nor more help than {@code size - 1} offers per job.
 *
 * <p>A job that finds no place is run by its requester, whose client waits for it ({@link #runAwaited}); after each
 * tile of its own job, a pool thread encodes the unclaimed tiles of such jobs first. Their owners store them.
 *
 * <p>Each job handed over has a {@link LockHolder} of its own from {@link #lockHolders}, reserved before its render:
 * a thread that holds the job's locks while the job waits here.
 */
final class FanoutPool {

    static final Duration KEEP_ALIVE = Duration.ofSeconds(30);
    private static final AtomicInteger GENERATION = new AtomicInteger();

    private final int size;
    private final Semaphore places;
    private final EngineThreads threads;
    private final ThreadPoolExecutor executor;
    private final LockHolders lockHolders;
    /** Threads helping a job now. */
    private final AtomicInteger helping = new AtomicInteger();
    /** Jobs run by their requesters because no place was free: clients wait for them, for nobody else's. */
    private final Queue<FanoutJob> awaited = new ConcurrentLinkedQueue<>();

    FanoutPool(int size, int queueBound, Duration keepAlive, FanoutMetrics metrics) {
        this.size = size;
        this.places = new Semaphore(size + queueBound);
        String prefix = "metatile-fanout-" + GENERATION.incrementAndGet() + "-";
        this.threads = new EngineThreads(prefix, metrics);
        this.executor = new ThreadPoolExecutor(
                size, size, keepAlive.toNanos(), TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(), threads);
        executor.allowCoreThreadTimeOut(true);
        this.lockHolders =
                new LockHolders(size + queueBound, keepAlive, new EngineThreads(prefix + "locks-", metrics), metrics);
    }

    /**
     * Reserves the holder of the locks of a job about to be rendered, so that it takes them while the metatile
     * renders.
     *
     * @return a holder, to be given a job's locks at once; {@code null} if every holder is busy or the pool is shut
     *     down: the job is then run by its caller, which takes its locks itself
     */
    LockHolder tryReserveHolder() {
        return executor.isShutdown() ? null : lockHolders.tryReserve();
    }

    /**
     * Hands {@code job} to a thread that is free, helping or can be started, or else to the queue.
     *
     * @return {@code false} if the pool and its queue are full or the pool is shut down: the caller runs the job
     */
    boolean trySubmit(FanoutJob job) {
        if (!places.tryAcquire()) {
            return false;
        }
        try {
            executor.execute(new Placed(job));
            return true;
        } catch (RejectedExecutionException shutDown) {
            places.release();
            return false; // not a failure: the caller runs the job
        }
    }

    /** Lets threads without a job help {@code job} encode its tiles, if there are such threads. */
    void offerHelp(FanoutJob job) {
        int wanted = Math.min(size - 1, job.flight().metatile().coveredTileCount() - 1);
        for (int i = 0; i < wanted && hasFreeThread(); i++) {
            try {
                executor.execute(() -> help(job));
            } catch (RejectedExecutionException shutDown) {
                return; // helping is optional
            }
        }
    }

    /**
     * Runs {@code job} on the calling thread, a request that found no place: a client waits for it, so pool
     * threads encode its tiles before the next tile of their own jobs, which no client waits for.
     *
     * @return whether this call ran it
     */
    boolean runAwaited(FanoutJob job) {
        awaited.add(job);
        try {
            return job.runOnCaller();
        } finally {
            awaited.remove(job);
        }
    }

    /** Whether a job waits in the queue for a thread: helpers give way when one does. */
    boolean hasWaitingJobs() {
        return executor.getQueue().stream().anyMatch(Placed.class::isInstance);
    }

    int size() {
        return size;
    }

    /** Threads running a job or helping one now. */
    int activeThreads() {
        return executor.getActiveCount();
    }

    /** Jobs waiting for a thread, beyond those a helping thread is about to take: at most the queue bound. */
    int queueDepth() {
        int queued = (int)
                executor.getQueue().stream().filter(Placed.class::isInstance).count();
        return Math.max(0, queued - helping.get());
    }

    /** Takes no new job; queued and running jobs still complete, then the threads end. */
    void shutdown() {
        executor.shutdown();
        lockHolders.shutdown();
    }

    /**
     * Takes no new job, and removes the jobs that have not started from the queue.
     *
     * @return those jobs
     */
    List<FanoutJob> stop() {
        shutdown();
        List<Runnable> drained = new ArrayList<>();
        executor.getQueue().drainTo(drained);
        List<FanoutJob> neverStarted = new ArrayList<>();
        for (Runnable task : drained) {
            if (task instanceof Placed placed) {
                places.release();
                neverStarted.add(placed.job());
            }
        }
        return neverStarted;
    }

    /**
     * Waits until every thread, lock holders included, has ended, or {@code deadline} ({@link System#nanoTime})
     * passes; returns whether they have.
     */
    boolean awaitTermination(long deadline) throws InterruptedException {
        executor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        return threads.awaitEnded(deadline) & lockHolders.awaitTermination(deadline);
    }

    /** Whether the pool is shut down and every thread, lock holders included, has ended. */
    boolean isTerminated() {
        return executor.isTerminated() && threads.aliveNames().isEmpty() && lockHolders.isTerminated();
    }

    /** Interrupts every thread still running, lock holders included. */
    void interruptThreads() {
        threads.interruptAll();
        lockHolders.interruptThreads();
    }

    /** The names of the threads still running, lock holders included. */
    List<String> aliveThreadNames() {
        List<String> names = new ArrayList<>(threads.aliveNames());
        names.addAll(lockHolders.aliveThreadNames());
        return names;
    }

    /** Whether a thread is idle or can be started: a job handed over now starts at once. */
    boolean hasFreeThread() {
        return size - executor.getActiveCount() - executor.getQueue().size() > 0;
    }

    private void help(FanoutJob job) {
        helping.incrementAndGet();
        try {
            job.help(this);
        } finally {
            helping.decrementAndGet();
        }
    }

    /** A job holding one of the pool's places until it has run. */
    private final class Placed implements Runnable {

        private final FanoutJob job;

        Placed(FanoutJob job) {
            this.job = job;
        }

        FanoutJob job() {
            return job;
        }

        @Override
        public void run() {
            try {
                job.runOnPool(this::helpAwaitedJobs);
            } finally {
                places.release();
            }
        }

        /** Encodes the tiles nobody has claimed of the jobs that requesters run. */
        private void helpAwaitedJobs() {
            for (FanoutJob each : awaited) {
                while (each.helpWithOneTile(EncodedOn.POOL)) {}
            }
        }
    }
}
