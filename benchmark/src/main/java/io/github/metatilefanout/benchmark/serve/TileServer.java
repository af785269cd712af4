package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.TileKey;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Answers tile requests one way or another; safe for many request threads at once. */
@FunctionalInterface
public interface TileServer extends AutoCloseable {

    /**
     * What a server with a bounded pool did with the metatiles it rendered.
     *
     * @param handedOff metatiles whose other tiles went to the pool
     * @param ranOnCaller metatiles whose other tiles the request thread encoded, the pool being full
     */
    record PoolUse(long handedOff, long ranOnCaller) {

        /** A server that does neither. */
        public static final PoolUse NONE = new PoolUse(0, 0);

        public PoolUse plus(PoolUse other) {
            return new PoolUse(handedOff + other.handedOff, ranOnCaller + other.ranOnCaller);
        }

        public PoolUse since(PoolUse earlier) {
            return new PoolUse(handedOff - earlier.handedOff, ranOnCaller - earlier.ranOnCaller);
        }
    }

    /** The encoded tile. */
    byte[] getTile(TileKey tile) throws Exception;

    /**
     * Waits until the work of earlier requests is done: every tile stored, every metatile image disposed,
     * every lock released. Servers that finish their work before answering return at once.
     *
     * @throws TimeoutException if work is still left after {@code timeout}
     */
    default void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {}

    /** What the server's pool did since it opened; {@link PoolUse#NONE} for a server without a bounded pool. */
    default PoolUse poolUse() {
        return PoolUse.NONE;
    }

    /** Stops the server's threads, if it has any. */
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
