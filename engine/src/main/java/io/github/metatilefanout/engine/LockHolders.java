package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The threads that hold the locks of the jobs handed to one {@link FanoutPool}: one thread per job while the job
 * lasts, so that a job whose lock is held by another node, or whose lock provider is slow, delays no other job.
 *
 * <p>A job's locks must be held before its requester releases the metatile lock, and released by the thread that
 * took them, while the job may wait for a pool thread: so neither the requester (it answers at once) nor a pool
 * thread (none may be free) can hold them. At most {@code capacity} jobs (the pool's threads plus its queue bound)
 * have a holder at once; a job that finds none free is run by its requester, as when the pool is full.
 *
 * <p>A thread serves one job at a time, from its first lock to its last release ({@link LockHolder#retire}); then
 * it waits up to {@code keepAlive} for the next job's holder, and ends if none comes or once {@link #shutdown} is
 * called. So at most {@code capacity} threads are alive, and a stream of metatiles does not start one per job.
 *
 * <p><b>Concurrency.</b> Every field below {@link #lock} is guarded by it. {@link #reserved} counts the holders
 * reserved by {@link #tryReserve} and not yet retired or cancelled; a thread becomes idle in the same critical
 * section in which its job's reservation ends, so that a job reserved after that finds it idle.
 */
final class LockHolders {

    private final int capacity;
    private final Duration keepAlive;
    private final String threadNamePrefix;
    private final AtomicInteger threadCount = new AtomicInteger();
    private final FanoutMetrics metrics;

    private final ReentrantLock lock = new ReentrantLock();
    private int reserved;
    /** Threads waiting for a job, the one idle for the shortest time first. */
    private final ArrayDeque<HolderThread> idle = new ArrayDeque<>();

    private final Set<Thread> alive = new HashSet<>();
    private boolean shutdown;

    /**
     * @param keepAlive how long a thread whose job has ended waits for another job
     * @param threadNamePrefix the pool's thread name prefix; holder threads add {@code locks-<n>}
     */
    LockHolders(int capacity, Duration keepAlive, String threadNamePrefix, FanoutMetrics metrics) {
        this.capacity = capacity;
        this.keepAlive = keepAlive;
        this.threadNamePrefix = threadNamePrefix + "locks-";
        this.metrics = metrics;
    }

    /** A holder for one job, not started yet; {@code null} when every holder is busy. */
    LockHolder tryReserve() {
        lock.lock();
        try {
            if (reserved == capacity) {
                return null;
            }
            reserved++;
            return new LockHolder(this);
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code holder}'s tasks on an idle thread, or on a new one if none is idle. */
    void start(LockHolder holder) {
        lock.lock();
        try {
            HolderThread thread = idle.pollFirst();
            if (thread != null) {
                thread.next = holder;
                thread.assigned.signal();
            } else {
                new HolderThread(holder).start();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Ends the threads once they have no job; a holder reserved before still gets one. */
    void shutdown() {
        lock.lock();
        try {
            shutdown = true;
            idle.forEach(thread -> thread.assigned.signal());
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code timeout} for every holder thread to end; returns whether they have. */
    boolean awaitTermination(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (List<Thread> left = aliveThreads(); !left.isEmpty(); left = aliveThreads()) {
            if (deadline - System.nanoTime() <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedJoin(left.get(0), Math.max(1, deadline - System.nanoTime()));
        }
        return true;
    }

    /** Interrupts every holder thread: each releases the locks it holds once its job asks, then ends. */
    void interruptThreads() {
        aliveThreads().forEach(Thread::interrupt);
    }

    /** The names of the holder threads still running. */
    List<String> aliveThreadNames() {
        return aliveThreads().stream().map(Thread::getName).sorted().toList();
    }

    FanoutMetrics metrics() {
        return metrics;
    }

    /** Gives back a reservation that was not started. */
    void cancelled() {
        lock.lock();
        try {
            reserved--;
        } finally {
            lock.unlock();
        }
    }

    private List<Thread> aliveThreads() {
        lock.lock();
        try {
            return List.copyOf(alive);
        } finally {
            lock.unlock();
        }
    }

    /** A thread that runs the tasks of one {@link LockHolder} after another. */
    private final class HolderThread implements Runnable {

        private final Thread thread;
        private final Condition assigned = lock.newCondition();
        /** The holder to serve next, handed over by {@link #start} while this thread is idle. */
        private LockHolder next;

        HolderThread(LockHolder first) {
            this.next = first;
            this.thread = new Thread(this, threadNamePrefix + threadCount.incrementAndGet());
            thread.setDaemon(true);
        }

        void start() {
            alive.add(thread);
            thread.start();
        }

        @Override
        public void run() {
            boolean jobEnded = true;
            try {
                for (LockHolder holder = takeNext(); holder != null; holder = awaitNext()) {
                    jobEnded = false;
                    holder.runTasks();
                    jobEnded = true;
                }
            } finally {
                lock.lock();
                try {
                    if (!jobEnded) {
                        reserved--; // an Error ended the job: its reservation ends with the thread
                    }
                    alive.remove(thread);
                } finally {
                    lock.unlock();
                }
            }
        }

        private LockHolder takeNext() {
            lock.lock();
            try {
                LockHolder holder = next;
                next = null;
                return holder;
            } finally {
                lock.unlock();
            }
        }

        /** Ends the reservation of the job just served, then waits for another; {@code null} to end. */
        private LockHolder awaitNext() {
            lock.lock();
            try {
                reserved--;
                if (shutdown) {
                    return null;
                }
                idle.addFirst(this);
                boolean interrupted = false;
                for (long left = keepAlive.toNanos(); next == null && !shutdown && !interrupted && left > 0; ) {
                    try {
                        left = assigned.awaitNanos(left);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (next == null) {
                    idle.remove(this);
                    return null;
                }
                if (interrupted) {
                    Thread.currentThread().interrupt(); // the holder handed over still runs, as interrupted
                }
                LockHolder holder = next;
                next = null;
                return holder;
            } finally {
                lock.unlock();
            }
        }
    }
}
