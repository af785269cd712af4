package io.github.metatilefanout.engine;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;

/**
 * Turns to encode: at most {@code size} job threads encode at once (the pool size); the others wait for a turn in
 * the order they asked. This is the engine's queue: a job waiting here holds its locks and its image, not a CPU. A turn
 * is held while a job encodes, and while it writes only where it writes on its own thread (no store threads, or none
 * could be started); a queued job waits for that work of the jobs ahead of it, at most {@code queueBound} metatiles,
 * and is never dropped for waiting.
 *
 * <p>A lock of its own rather than a fair {@link java.util.concurrent.Semaphore}, because the size changes with the
 * settings and because {@link #close} must let every waiting job go at once, to abandon its tiles; a waiter reports
 * that it still waits with the lock let go, so a log handler may read the engine's metrics.
 */
final class EncodingTurns {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Guarded by {@link #lock}. */
    private int size;
    /** Guarded by {@link #lock}. */
    private int taken;
    /** Guarded by {@link #lock}. */
    private boolean closed;
    /** Guarded by {@link #lock}: who waits, first come first served. */
    private final ArrayDeque<Thread> waiting = new ArrayDeque<>();

    EncodingTurns(int size) {
        this.size = size;
    }

    /**
     * Takes a turn, in the order asked, waiting as long as the jobs ahead encode; each {@code reportEveryNanos}
     * waited, tells {@code stillWaiting} the milliseconds waited so far.
     *
     * @return {@code false} if the engine is closing: the caller encodes nothing
     */
    boolean take(long reportEveryNanos, LongConsumer stillWaiting) throws InterruptedException {
        Thread self = Thread.currentThread();
        lock.lock();
        try {
            waiting.add(self);
            try {
                long start = System.nanoTime();
                long report = start + reportEveryNanos;
                while (!closed && (waiting.peek() != self || taken >= size)) {
                    long left = report - System.nanoTime();
                    if (left > 0) {
                        changed.awaitNanos(left);
                        continue;
                    }
                    report += reportEveryNanos;
                    lock.unlock();
                    try {
                        stillWaiting.accept(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                    } finally {
                        lock.lock();
                    }
                }
                if (closed) {
                    return false;
                }
                taken++;
                return true;
            } finally {
                waiting.remove(self);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Gives back a turn {@link #take} gave. */
    void give() {
        update(() -> taken--);
    }

    /** From now on at most {@code newSize} jobs encode at once; jobs encoding beyond it finish first. */
    void resize(int newSize) {
        update(() -> size = newSize);
    }

    /** Lets every waiting job go without a turn; later {@link #take}s return {@code false} at once. */
    void close() {
        update(() -> closed = true);
    }

    /** Jobs encoding now. */
    int encoding() {
        lock.lock();
        try {
            return taken;
        } finally {
            lock.unlock();
        }
    }

    /** Jobs waiting for a turn now. */
    int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    private void update(Runnable change) {
        lock.lock();
        try {
            change.run();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
