package io.github.metatilefanout.engine;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Turns to encode: at most {@code size} job threads encode at once (the pool size); the others wait for a turn in
 * the order they asked. This is the engine's queue: a job waiting here holds its locks and its image, not a CPU. A turn
 * is held only while a job encodes (its writes go to the store threads), so a queued job waits for the encoding of the
 * jobs ahead of it, at most {@code queueBound} metatiles, and is never dropped for waiting.
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
     * Takes a turn, in the order asked, waiting as long as the jobs ahead encode; each {@code reportEveryNanos}
     * waited, tells {@code stillWaiting} the milliseconds waited so far.
     *
     * @return {@code false} if the engine is closing: the caller encodes nothing
     */
    synchronized boolean take(long reportEveryNanos, LongConsumer stillWaiting) throws InterruptedException {
        Thread self = Thread.currentThread();
        waiting.add(self);
        try {
            long start = System.nanoTime();
            long report = start + reportEveryNanos;
            while (!closed && (waiting.peek() != self || taken >= size)) {
                long left = report - System.nanoTime();
                if (left <= 0) {
                    stillWaiting.accept(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                    report += reportEveryNanos;
                } else {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
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
