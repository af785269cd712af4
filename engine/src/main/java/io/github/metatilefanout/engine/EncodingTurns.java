package io.github.metatilefanout.engine;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Turns to encode: at most {@code size} job threads encode at once (the pool size); the others wait for a turn in
 * the order they asked. This is the engine's queue: a job waiting here holds its locks and its image, not a CPU.
 *
 * <p>A monitor rather than a fair {@link java.util.concurrent.Semaphore}, because the size changes with the settings
 * and because {@link #close} must let every waiting job go at once, to abandon its tiles.
 */
final class EncodingTurns {

    private int size;
    private int taken;
    private boolean closed;
    /** Who waits, first come first served. */
    private final ArrayDeque<Thread> waiting = new ArrayDeque<>();

    EncodingTurns(int size) {
        this.size = size;
    }

    /**
     * Takes a turn, waiting at most {@code timeoutNanos} for it.
     *
     * @return {@code false} if no turn was had in time, or the engine is closing: the caller encodes nothing
     */
    synchronized boolean take(long timeoutNanos) throws InterruptedException {
        Thread self = Thread.currentThread();
        waiting.add(self);
        try {
            long deadline = System.nanoTime() + timeoutNanos;
            while (!closed && (waiting.peek() != self || taken >= size)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            if (closed) {
                return false;
            }
            taken++;
            return true;
        } finally {
            waiting.remove(self);
            notifyAll();
        }
    }

    /** Gives back a turn {@link #take} gave. */
    synchronized void give() {
        taken--;
        notifyAll();
    }

    /** From now on at most {@code newSize} jobs encode at once; jobs encoding beyond it finish first. */
    synchronized void resize(int newSize) {
        size = newSize;
        notifyAll();
    }

    /** Lets every waiting job go without a turn; later {@link #take}s return {@code false} at once. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    /** Jobs encoding now. */
    synchronized int encoding() {
        return taken;
    }

    /** Jobs waiting for a turn now. */
    synchronized int waiting() {
        return waiting.size();
    }
}
