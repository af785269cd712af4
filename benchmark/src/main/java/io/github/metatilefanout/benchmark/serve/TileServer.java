package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.TileKey;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Answers tile requests one way or another; safe for many request threads at once. */
public interface TileServer extends AutoCloseable {

    /** The encoded tile. */
    byte[] getTile(TileKey tile) throws Exception;

    /**
     * Waits until no work started by earlier requests is left: every tile encoded and stored, every
     * metatile image disposed, every lock released. Servers that finish all their work before answering return at once.
     *
     * @throws TimeoutException if work is still left after {@code timeout}
     */
    default void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {}

    /**
     * For a server whose pool may be full: the metatiles it handed to its pool and those it ran on the
     * request thread, since it opened; {@link PoolUse#NONE} for the others.
     */
    default PoolUse poolUse() {
        return PoolUse.NONE;
    }

    /** Stops the server's threads; servers without threads have nothing to do. */
    @Override
    default void close() {}

    /** Waits until {@code idle} holds, looking every 200 µs, for servers that offer no completion signal. */
    static void waitUntil(BooleanSupplier idle, Duration timeout, String what)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!idle.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException(what + " still busy after " + timeout.toMillis() + " ms");
            }
            LockSupport.parkNanos(200_000);
            if (Thread.interrupted()) {
                throw new InterruptedException("Interrupted while waiting for " + what);
            }
        }
    }
}
