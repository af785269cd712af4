package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One job's lock thread, a serial executor: runs the lock tasks given to it, in order, on one thread of {@link
 * LockHolders} that does nothing else meanwhile, until a task {@linkplain #retire retires} it (once every lock is
 * released); the thread may then serve another job. It never leaves a job that holds a lock: interrupted, it goes on
 * running its job's tasks; a task that throws anything, an {@code Error} included, is logged and counted, and the
 * next task runs; each lock timeout that passes with its job unfinished, it warns.
 *
 * <p>Reserved by {@link LockHolders#tryReserve}, then {@linkplain #start started} once. Tasks given after it retired
 * are never run.
 */
final class LockHolder implements Executor {

    private static final Logger LOGGER = Logger.getLogger(LockHolder.class.getName());

    private final LockHolders holders;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    /** Written and read only on the holder thread. */
    private boolean retired;

    /** Set before {@link #start} hands this holder to a thread. */
    private Metatile metatile;

    private Duration warnEvery;

    LockHolder(LockHolders holders) {
        this.holders = holders;
    }

    /**
     * Hands this holder to a thread of its own.
     *
     * @param metatile named in the warning logged each {@code warnEvery} the job's locks stay held
     * @return {@code false} if the pool was shut down meanwhile: this holder will run nothing
     */
    boolean start(Metatile metatile, Duration warnEvery) {
        this.metatile = metatile;
        this.warnEvery = warnEvery;
        return holders.start(this);
    }

    /** Runs {@code task} on the holder thread, after the tasks given before it. */
    @Override
    public void execute(Runnable task) {
        tasks.add(task);
    }

    /** Frees the thread after the task that calls this; call only from a task of this holder. */
    void retire() {
        retired = true;
    }

    /** Runs the tasks on the calling thread, the holder's, until one retires it. */
    void runTasks() {
        boolean interrupted = false;
        long started = System.nanoTime();
        try {
            while (!retired) {
                Runnable task;
                try {
                    task = tasks.poll(warnEvery.toNanos(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // the job still owns locks here: keep serving it
                    continue;
                }
                if (task == null) {
                    long heldMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    LOGGER.warning(String.format(LogMessages.LOCKS_HELD_LONG, metatile, heldMillis));
                } else {
                    runContained(task);
                }
            }
        } finally {
            holders.ended();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs {@code task}; whatever it throws cannot end this thread while the job holds locks. */
    private void runContained(Runnable task) {
        try {
            task.run();
        } catch (Throwable e) {
            holders.metrics().internalFailure();
            LOGGER.log(Level.SEVERE, String.format(LogMessages.LOCK_TASK_FAILED, metatile), e);
        }
    }
}
