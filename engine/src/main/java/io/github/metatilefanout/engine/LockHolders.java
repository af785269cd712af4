package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that hold the locks of the jobs handed to one {@link FanoutPool}: one thread per job, so
 * that a job whose lock is held by another node, or whose lock provider is slow, delays no other job.
 *
 * <p>A job's locks must be held before its requester releases the metatile lock, and released by the
 * thread that took them, while the job may wait for a pool thread: so neither the requester (it answers at
 * once) nor a pool thread (none may be free) can hold them. At most {@code capacity} jobs (the pool's
 * threads plus its queue bound) have a holder at once; a job that finds none free is run by its requester,
 * as when the pool is full.
 *
 * <p><b>Concurrency.</b> {@link #permits} counts the free holders: taken by {@link #tryReserve}, given back
 * by {@link LockHolder} when its thread ends or its reservation is cancelled. {@link #alive} holds the
 * started threads until they end.
 */
final class LockHolders {

    private final Semaphore permits;
    private final String threadNamePrefix;
    private final AtomicInteger threadCount = new AtomicInteger();
    private final Set<Thread> alive = ConcurrentHashMap.newKeySet();
    private final FanoutMetrics metrics;

    /** @param threadNamePrefix the pool's thread name prefix; holder threads add {@code locks-<n>} */
    LockHolders(int capacity, String threadNamePrefix, FanoutMetrics metrics) {
        this.permits = new Semaphore(capacity);
        this.threadNamePrefix = threadNamePrefix + "locks-";
        this.metrics = metrics;
    }

    /** A holder for one job, not started yet; {@code null} when every holder is busy. */
    LockHolder tryReserve() {
        return permits.tryAcquire() ? new LockHolder(this) : null;
    }

    /** Waits up to {@code timeout} for every holder thread to end; returns whether they have. */
    boolean awaitTermination(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread thread : List.copyOf(alive)) {
            TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
        }
        return alive.isEmpty();
    }

    /** Interrupts every holder thread: each releases the locks it holds once its job asks, then ends. */
    void interruptThreads() {
        alive.forEach(Thread::interrupt);
    }

    /** The names of the holder threads still running. */
    List<String> aliveThreadNames() {
        return alive.stream().map(Thread::getName).sorted().toList();
    }

    Thread newThread(Runnable loop) {
        Thread thread = new Thread(
                () -> {
                    try {
                        loop.run();
                    } finally {
                        alive.remove(Thread.currentThread());
                        permits.release();
                    }
                },
                threadNamePrefix + threadCount.incrementAndGet());
        thread.setDaemon(true);
        alive.add(thread);
        return thread;
    }

    FanoutMetrics metrics() {
        return metrics;
    }

    void cancelled() {
        permits.release();
    }
}
