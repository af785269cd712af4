package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded pool that encodes and stores tiles: a fixed number of threads and a bounded queue of
 * metatile jobs. Nothing is ever rejected to a client: a job the pool cannot take is run by its caller.
 */
final class FanoutPool {

    private static final AtomicInteger GENERATION = new AtomicInteger();

    private final int size;
    private final ThreadPoolExecutor executor;

    FanoutPool(int size, int queueBound) {
        this.size = size;
        BlockingQueue<Runnable> queue =
                queueBound == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(queueBound);
        this.executor = new ThreadPoolExecutor(
                size, size, 30, TimeUnit.SECONDS, queue, threadFactory(GENERATION.incrementAndGet()));
        executor.allowCoreThreadTimeOut(true);
    }

    /** Hands {@code task} to a pool thread or the queue; {@code false} if both are full or the pool is shut down. */
    boolean trySubmit(Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /**
     * Runs {@code helper} on a pool thread only if one is idle and no job waits, so helping a metatile
     * along never delays another.
     */
    boolean tryHelp(Runnable helper) {
        return executor.getActiveCount() < size && !hasWaitingJobs() && trySubmit(helper);
    }

    /** Whether some job waits for a thread; helpers stop when one does. */
    boolean hasWaitingJobs() {
        return !executor.getQueue().isEmpty();
    }

    int size() {
        return size;
    }

    int activeThreads() {
        return executor.getActiveCount();
    }

    int queueDepth() {
        return executor.getQueue().size();
    }

    /** Takes no new work; queued and running jobs still complete, then the threads end. */
    void shutdown() {
        executor.shutdown();
    }

    /**
     * Shuts down, waits up to {@code timeout} for the work to complete, then interrupts what still runs.
     *
     * @return the jobs that never started
     */
    List<Runnable> shutdownAndAwait(Duration timeout) throws InterruptedException {
        executor.shutdown();
        if (executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return List.of();
        }
        List<Runnable> neverStarted = executor.shutdownNow();
        executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return neverStarted;
    }

    boolean isTerminated() {
        return executor.isTerminated();
    }

    private static ThreadFactory threadFactory(int generation) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "metatile-fanout-" + generation + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
