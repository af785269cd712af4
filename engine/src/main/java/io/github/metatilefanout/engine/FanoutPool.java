package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The bounded pool that encodes and stores the tiles of metatile jobs: at most {@code size} threads and
 * at most {@code queueBound} jobs waiting for one. Nothing is ever rejected to a client: a job the pool
 * cannot take is run by its caller.
 *
 * <p>Threads that have no job help the running jobs encode their tiles ({@link FanoutJob#help}); a helper
 * gives way after its current tile as soon as a job waits. Help requests never take a place in the queue.
 *
 * <p>Each job handed over gets a {@link LockHolder} of its own from {@link #lockHolders}, reserved with
 * its place: a thread that holds the job's locks while the job waits here, kept like the pool's threads for
 * the next job once the job has released them.
 *
 * <p><b>Concurrency.</b> Every field below {@link #lock} is guarded by it. Threads (lock holders too) start on
 * demand and end after {@value #KEEP_ALIVE_SECONDS} idle seconds, or once the pool is shut down and has no job left, or
 * when a {@link VirtualMachineError} other than {@link OutOfMemoryError} reaches them.
 */
final class FanoutPool {

    private static final Logger LOGGER = Logger.getLogger(FanoutPool.class.getName());
    private static final AtomicInteger GENERATION = new AtomicInteger();
    private static final long KEEP_ALIVE_SECONDS = 30;

    private final int size;
    private final int queueBound;
    private final String threadNamePrefix;
    private final AtomicInteger threadCount = new AtomicInteger();
    private final LockHolders lockHolders;
    private final FanoutMetrics metrics;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition workArrived = lock.newCondition();
    private final Condition allThreadsEnded = lock.newCondition();
    private final ArrayDeque<FanoutJob> jobs = new ArrayDeque<>();
    private final ArrayDeque<FanoutJob> helpWanted = new ArrayDeque<>();
    private final Set<FanoutJob> running = new HashSet<>();
    private final Set<Thread> threads = new HashSet<>();
    /** Threads that have left their loop, joined by {@link #awaitTermination} so that none outlives it. */
    private final List<Thread> ending = new ArrayList<>();
    /** Jobs in {@link #jobs} promised to a thread that will take them without waiting for another job. */
    private int handOffs;

    private int idle;
    private int helping;
    /** Threads started that have not yet looked for work. */
    private int starting;

    private boolean shutdown;
    /** Mirrors {@code jobs.size()} for helpers, which read it without the lock between tiles. */
    private volatile int jobsWaiting;

    FanoutPool(int size, int queueBound, FanoutMetrics metrics) {
        this.size = size;
        this.queueBound = queueBound;
        this.metrics = metrics;
        this.threadNamePrefix = "metatile-fanout-" + GENERATION.incrementAndGet() + "-";
        this.lockHolders =
                new LockHolders(size + queueBound, Duration.ofSeconds(KEEP_ALIVE_SECONDS), threadNamePrefix, metrics);
    }

    /**
     * Reserves the holder of the locks of a job about to be rendered, so that it takes them while the
     * metatile renders.
     *
     * @return a holder, to be given a job's locks at once; {@code null} if every holder is busy or the pool
     *     is shut down: the job's locks are then taken by the thread that runs it
     */
    LockHolder tryReserveHolder() {
        lock.lock();
        try {
            return shutdown ? null : lockHolders.tryReserve();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Hands {@code job} to a thread that is free or can be started, or else to the queue.
     *
     * @return {@code false} if the pool and its queue are full or the pool is shut down: the caller runs
     *     the job
     */
    boolean trySubmit(FanoutJob job) {
        lock.lock();
        try {
            if (shutdown) {
                return false;
            }
            int freeThreads = idle + helping + starting + (size - threads.size()) - handOffs;
            if (freeThreads > 0) {
                handOffs++;
                if (handOffs > idle + helping + starting) {
                    startThread();
                }
            } else if (jobs.size() - handOffs >= queueBound) {
                return false;
            }
            jobs.add(job);
            jobsWaiting = jobs.size();
            workArrived.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Lets threads without a job help {@code job} encode its tiles, if there are such threads. */
    void offerHelp(FanoutJob job) {
        lock.lock();
        try {
            if (shutdown || size < 2) {
                return;
            }
            helpWanted.add(job);
            int wanted = Math.min(size - 1, job.flight().metatile().coveredTileCount() - 1);
            for (int i = 0; i < wanted && i < idle; i++) {
                workArrived.signal();
            }
            int spare = Math.max(0, idle + starting - handOffs); // free once the hand-offs are taken
            for (int i = spare; i < wanted && threads.size() < size; i++) {
                startThread();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Whether a job waits for a thread: helpers give way when one does. */
    boolean hasWaitingJobs() {
        return jobsWaiting > 0;
    }

    int size() {
        return size;
    }

    /** Threads running a job or helping one now. */
    int activeThreads() {
        lock.lock();
        try {
            return threads.size() - idle;
        } finally {
            lock.unlock();
        }
    }

    /** Jobs waiting for a thread, beyond those a free thread is about to take: at most the queue bound. */
    int queueDepth() {
        lock.lock();
        try {
            return jobs.size() - handOffs;
        } finally {
            lock.unlock();
        }
    }

    /** Takes no new job; queued and running jobs still complete, then the threads end. */
    void shutdown() {
        lock.lock();
        try {
            shutdown = true;
            helpWanted.clear();
            workArrived.signalAll();
            lockHolders.shutdown();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes no new job and asks the running ones to abandon the tiles they have not started.
     *
     * @return the jobs that never started, removed from the queue
     */
    List<FanoutJob> stop() {
        lock.lock();
        try {
            shutdown();
            running.forEach(FanoutJob::stop);
            List<FanoutJob> neverStarted = new ArrayList<>(jobs);
            jobs.clear();
            handOffs = 0;
            jobsWaiting = 0;
            return neverStarted;
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code timeout} for every thread, lock holders included, to end; returns whether they have. */
    boolean awaitTermination(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        return awaitPoolThreads(timeout)
                && lockHolders.awaitTermination(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }

    private boolean awaitPoolThreads(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Thread> toJoin;
        lock.lock();
        try {
            for (long left = timeout.toNanos(); !threads.isEmpty() && left > 0; ) {
                left = allThreadsEnded.awaitNanos(left);
            }
            if (!threads.isEmpty()) {
                return false;
            }
            toJoin = new ArrayList<>(ending);
        } finally {
            lock.unlock();
        }
        for (Thread thread : toJoin) {
            TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
        }
        lock.lock();
        try {
            ending.removeIf(thread -> !thread.isAlive());
            return ending.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** Whether the pool is shut down and every thread, lock holders included, has ended. */
    boolean isTerminated() {
        lock.lock();
        try {
            return shutdown
                    && threads.isEmpty()
                    && lockHolders.aliveThreadNames().isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** Interrupts every thread still running, lock holders included. */
    void interruptThreads() {
        lock.lock();
        try {
            threads.forEach(Thread::interrupt);
        } finally {
            lock.unlock();
        }
        lockHolders.interruptThreads();
    }

    /** The names of the threads still running, lock holders included. */
    List<String> aliveThreadNames() {
        List<String> names = new ArrayList<>();
        lock.lock();
        try {
            threads.forEach(thread -> names.add(thread.getName()));
            ending.stream().filter(Thread::isAlive).forEach(thread -> names.add(thread.getName()));
        } finally {
            lock.unlock();
        }
        names.addAll(lockHolders.aliveThreadNames());
        return names;
    }

    private void startThread() {
        ending.removeIf(ended -> !ended.isAlive());
        Thread thread = new Thread(this::work, threadNamePrefix + threadCount.incrementAndGet());
        thread.setDaemon(true);
        threads.add(thread);
        starting++;
        thread.start();
    }

    /** What a pool thread was doing; it is counted as doing it until it has its next task. */
    private enum Doing {
        STARTING,
        HELPING,
        RUNNING_JOB
    }

    private record Task(Runnable work, Doing doing) {}

    private void work() {
        Doing unaccounted = null; // what this thread was doing when a fatal error ended it
        try {
            Doing doing = Doing.STARTING;
            for (Task task; (task = nextTask(doing)) != null; ) {
                doing = task.doing();
                unaccounted = doing;
                runLogged(task);
                unaccounted = null;
            }
        } finally {
            lock.lock();
            try {
                if (unaccounted == Doing.HELPING) {
                    helping--;
                }
                threads.remove(Thread.currentThread());
                if (unaccounted != null && !shutdown && !jobs.isEmpty()) {
                    startThread(); // a job waits, and this thread will not take it
                }
                ending.add(Thread.currentThread());
                if (threads.isEmpty()) {
                    allThreadsEnded.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private void runLogged(Task task) {
        try {
            task.work().run();
        } catch (Throwable e) {
            Failures.rethrowIfFatal(e);
            metrics.internalFailure();
            LOGGER.log(Level.SEVERE, LogMessages.POOL_TASK_FAILED, e);
        }
    }

    /**
     * The next job, or help for one; {@code null} when this thread should end. The thread stops being
     * counted as {@code done} in the same critical section in which it is counted as idle, helping or
     * running a job, so that {@link #trySubmit} never sees a thread that is about to be free as busy.
     */
    private Task nextTask(Doing done) {
        lock.lock();
        try {
            if (done == Doing.STARTING) {
                starting--;
            } else if (done == Doing.HELPING) {
                helping--;
            }
            while (true) {
                FanoutJob job = jobs.poll();
                if (job != null) {
                    handOffs = Math.max(0, handOffs - 1);
                    jobsWaiting = jobs.size();
                    running.add(job);
                    return new Task(() -> runJob(job), Doing.RUNNING_JOB);
                }
                FanoutJob helped = jobNeedingHelp();
                if (helped != null) {
                    helping++;
                    return new Task(() -> helped.help(this), Doing.HELPING);
                }
                if (shutdown) {
                    return null;
                }
                idle++;
                boolean woken;
                try {
                    woken = workArrived.await(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    woken = false;
                } finally {
                    idle--;
                }
                if (!woken && jobs.isEmpty()) {
                    return null;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private FanoutJob jobNeedingHelp() {
        if (shutdown) {
            return null;
        }
        while (!helpWanted.isEmpty() && !helpWanted.peek().flight().hasUnclaimedTiles()) {
            helpWanted.poll();
        }
        return helpWanted.peek();
    }

    private void runJob(FanoutJob job) {
        try {
            job.run();
        } finally {
            lock.lock();
            try {
                running.remove(job);
                helpWanted.remove(job);
            } finally {
                lock.unlock();
            }
        }
    }
}
