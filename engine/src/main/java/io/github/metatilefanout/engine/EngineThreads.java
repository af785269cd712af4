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
 * Makes the engine's daemon threads, named {@code metatile-fanout-<engine>-<kind>-<n>}, and keeps them until they
 * end, so that {@link FanoutEngine#close} can wait for them, interrupt them and name those that outlive it.
 *
 * <p>Threads are made on request threads, so they inherit nothing from them: no inheritable thread-locals (a
 * security context, a request's state) and the engine's own context class loader, whatever the creating thread's.
 */
class EngineThreads implements ThreadFactory {

    private static final Logger LOGGER = Logger.getLogger(EngineThreads.class.getName());

    private final String prefix;
    private final ClassLoader contextClassLoader = EngineThreads.class.getClassLoader();
    private final AtomicInteger count = new AtomicInteger();
    private final Set<Thread> started = ConcurrentHashMap.newKeySet();

    EngineThreads(String engineName, String kind) {
        this.prefix = "metatile-fanout-" + engineName + "-" + kind + "-";
    }

    /** A thread kept here from its {@link Thread#start start}, unless the start fails (the process is out of threads). */
    @Override
    public Thread newThread(Runnable work) {
        Thread thread = new Thread(null, work, prefix + count.incrementAndGet(), 0, false) {
            @Override
            public synchronized void start() {
                started.removeIf(each -> each.getState() == Thread.State.TERMINATED);
                started.add(this);
                try {
                    super.start();
                } catch (Throwable e) {
                    if (getState() == State.NEW) {
                        started.remove(this);
                    }
                    throw e;
                }
            }
        };
        thread.setDaemon(true);
        thread.setContextClassLoader(contextClassLoader);
        thread.setUncaughtExceptionHandler(this::ended);
        return thread;
    }

    /**
     * What ended a thread: only a {@link VirtualMachineError} other than {@link OutOfMemoryError}, which the engine's
     * code counted and logged where it happened, then rethrew once its locks were released; every task of the engine
     * catches everything else.
     */
    private void ended(Thread thread, Throwable failure) {
        LOGGER.log(Level.FINE, "metatile-fanout thread " + thread.getName() + " ended by " + failure, failure);
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

    /**
     * Counts and logs a thread that could not be started, and never throws: a log handler that fails, even with a
     * {@link VirtualMachineError}, costs the caller only the line, never the work it goes on to do itself (running a
     * job, writing a tile) nor what it must release.
     */
    static void reportNotStarted(FanoutMetrics metrics, Throwable notStarted) {
        metrics.internalFailure();
        try {
            LOGGER.log(Level.SEVERE, LogMessages.THREAD_NOT_STARTED, notStarted);
        } catch (Throwable logFailure) { // nowhere to report it: the log is what failed
        }
    }
}
