package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one thread that takes and releases the locks of the jobs handed to the pool: their tile locks, or
 * their storing lock ({@link LockProtocol}).
 *
 * <p>Lock providers want a lock released by the thread that took it, and a job's locks must be held
 * before its requester releases the metatile lock, while the job may wait for a pool thread. So neither the
 * request thread (it returns at once) nor a pool thread (it may not be free yet) can hold them: this
 * thread does. It never encodes nor stores, so taking a job's locks costs its requester only the lock
 * operations themselves. Its tasks run in submission order: a job's releases always follow its
 * acquisitions. A storing lock is taken here only after the requester, holding the metatile lock, has
 * taken and released it itself: the keeper never waits for another process's job to end.
 *
 * <p>The thread starts with the first job and ends on {@link #close}, once every lock set it holds has been
 * released; it never ends while it holds a lock.
 */
final class LockKeeper implements Executor {

    /** The keeper thread's name; pool threads are named {@code metatile-fanout-<generation>-<n>}. */
    static final String THREAD_NAME = "metatile-fanout lock keeper";

    private static final Logger LOGGER = Logger.getLogger(LockKeeper.class.getName());

    private final ThreadPoolExecutor thread =
            new ThreadPoolExecutor(1, 1, 0, TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(), this::newThread);

    /** The keeper thread once started; joined on close. */
    private volatile Thread keeperThread;

    /** Lock sets taken and not yet fully released; guarded by {@code this}. */
    private int lockSetsHeld;

    /**
     * Runs {@code task} on the keeper thread; a failing task is logged and never ends the thread. Once the
     * keeper has ended, which it does only when it holds no lock, the task runs on the calling thread: the
     * job that asks is then run by its caller, which takes and releases its locks itself.
     */
    @Override
    public void execute(Runnable task) {
        Runnable logged = () -> {
            try {
                task.run();
            } catch (Throwable e) {
                LOGGER.log(Level.SEVERE, "A lock task of metatile-fanout failed", e);
            }
        };
        try {
            thread.execute(logged);
        } catch (RejectedExecutionException e) {
            logged.run();
        }
    }

    synchronized void lockSetTaken() {
        lockSetsHeld++;
    }

    synchronized void lockSetReleased() {
        if (--lockSetsHeld == 0) {
            notifyAll();
        }
    }

    /**
     * Waits up to {@code timeout} for every lock set to be released, then ends the thread once its queued
     * tasks have run.
     *
     * @return whether the thread has ended
     */
    boolean close(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            for (long left = timeout.toNanos(); lockSetsHeld > 0 && left > 0; left = deadline - System.nanoTime()) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            if (lockSetsHeld > 0) {
                LOGGER.severe("metatile-fanout closed with the locks of " + lockSetsHeld
                        + " metatiles still held by jobs that did not end in time");
                return false;
            }
        }
        thread.shutdown();
        thread.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        Thread started = keeperThread;
        if (started != null) {
            TimeUnit.NANOSECONDS.timedJoin(started, Math.max(1, deadline - System.nanoTime()));
            return !started.isAlive();
        }
        return true;
    }

    private Thread newThread(Runnable task) {
        Thread keeper = new Thread(task, THREAD_NAME);
        keeper.setDaemon(true);
        keeperThread = keeper;
        return keeper;
    }
}
