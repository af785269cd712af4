package io.github.metatilefanout.engine;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes the engine's daemon threads, named {@code <prefix><n>}, and keeps them until they end, so that {@link
 * FanoutEngine#close} can wait for them, interrupt them and name those that outlive it.
 *
 * <p>A thread ends early only when a task throws: a {@link VirtualMachineError} other than {@link OutOfMemoryError},
 * after the engine's code has released its locks and counted and logged the error where it happened, or anything
 * else, which only a bug lets through and which is counted and logged here. The executor that owns the thread
 * starts another when work waits.
 */
final class EngineThreads implements ThreadFactory {

    private static final Logger LOGGER = Logger.getLogger(EngineThreads.class.getName());

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();
    private final Set<Thread> started = ConcurrentHashMap.newKeySet();
    private final FanoutMetrics metrics;

    EngineThreads(String prefix, FanoutMetrics metrics) {
        this.prefix = prefix;
        this.metrics = metrics;
    }

    @Override
    public Thread newThread(Runnable work) {
        Thread thread = new Thread(work, prefix + count.incrementAndGet());
        thread.setDaemon(true);
        thread.setUncaughtExceptionHandler((ended, error) ->
                LOGGER.log(Level.FINE, "metatile-fanout thread " + ended.getName() + " ended by " + error, error));
        started.removeIf(each -> each.getState() == Thread.State.TERMINATED);
        started.add(thread);
        return thread;
    }

    private void ended(Thread thread, Throwable failure) {
        if (failure instanceof VirtualMachineError && !(failure instanceof OutOfMemoryError)) {
            LOGGER.log(Level.FINE, "metatile-fanout thread " + thread.getName() + " ended by " + failure, failure);
        } else {
            metrics.internalFailure();
            LOGGER.log(Level.SEVERE, LogMessages.POOL_TASK_FAILED, failure);
        }
    }

    /** Waits until every thread made here has ended, or {@code deadline} ({@link System#nanoTime}) passes. */
    boolean awaitEnded(long deadline) throws InterruptedException {
        for (Thread thread : List.copyOf(started)) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(thread, left);
            }
        }
        return alive().isEmpty();
    }

    void interruptAll() {
        alive().forEach(Thread::interrupt);
    }

    /** The names of the threads made here that have started and not ended. */
    List<String> aliveNames() {
        return alive().stream().map(Thread::getName).sorted().toList();
    }

    private List<Thread> alive() {
        return started.stream().filter(Thread::isAlive).toList();
    }
}
