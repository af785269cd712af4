package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that hold the locks of the jobs handed to one {@link FanoutPool}: one thread per job while the job
 * lasts, so that a job whose lock is held by another node, or whose lock provider is slow, delays no other job.
 *
 * <p>A job's locks must be held before its requester releases the metatile lock, and released by the thread that
 * took them, while the job may wait for a pool thread: so neither the requester (it answers at once) nor a pool
 * thread (none may be free) can hold them.
 *
 * <p>A {@link Semaphore} of {@code capacity} permits (the pool's threads plus its queue bound) reserves holders; a
 * job that finds none is run by its requester, as when the pool is full. Each holder started is one task of a
 * {@link ThreadPoolExecutor} of {@code capacity} threads that end after {@code keepAlive} idle: since no more tasks
 * than threads are ever reserved, a holder waits for a thread at most as long as another holder takes to hand its
 * thread back. A holder's permit returns once it has released its job's last lock.
 */
final class LockHolders {

    private final Semaphore free;
    private final EngineThreads threads;
    private final ThreadPoolExecutor executor;
    private final FanoutMetrics metrics;

    LockHolders(int capacity, Duration keepAlive, EngineThreads threads, FanoutMetrics metrics) {
        this.free = new Semaphore(capacity);
        this.threads = threads;
        this.metrics = metrics;
        this.executor = new ThreadPoolExecutor(
                capacity, capacity, keepAlive.toNanos(), TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(), threads);
        executor.allowCoreThreadTimeOut(true);
    }

    /** A holder for one job, not started yet; {@code null} when every holder is busy. */
    LockHolder tryReserve() {
        return free.tryAcquire() ? new LockHolder(this) : null;
    }

    /**
     * Runs {@code holder}'s tasks on a thread of their own.
     *
     * @return {@code false}, the reservation given back, if the pool was shut down meanwhile
     */
    boolean start(LockHolder holder) {
        try {
            executor.execute(holder::runTasks);
            return true;
        } catch (RejectedExecutionException shutDown) {
            free.release(); // not a failure: the job is run by its requester, which takes its locks itself
            return false;
        }
    }

    /** A started holder has released its job's last lock: its permit returns. */
    void ended() {
        free.release();
    }

    FanoutMetrics metrics() {
        return metrics;
    }

    /** Ends the threads once they have no job; holders started before still run. */
    void shutdown() {
        executor.shutdown();
    }

    /** Waits until every holder thread has ended, or {@code deadline} ({@link System#nanoTime}) passes. */
    boolean awaitTermination(long deadline) throws InterruptedException {
        executor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        return threads.awaitEnded(deadline);
    }

    boolean isTerminated() {
        return executor.isTerminated() && threads.aliveNames().isEmpty();
    }

    /** Interrupts every holder thread: each still releases the locks it holds once its job asks, then ends. */
    void interruptThreads() {
        threads.interruptAll();
    }

    List<String> aliveThreadNames() {
        return threads.aliveNames();
    }
}
