package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.TileKey;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Answers tile requests one way or another; safe for many request threads at once. */
@FunctionalInterface
public interface TileServer extends AutoCloseable {

    /** Metatiles whose other tiles went to a bounded pool, and those the request thread encoded, the pool full. */
    record PoolUse(long handedOff, long ranOnCaller) {

        public static final PoolUse NONE = new PoolUse(0, 0);

        public PoolUse plus(PoolUse other) {
            return new PoolUse(handedOff + other.handedOff, ranOnCaller + other.ranOnCaller);
        }

        public PoolUse since(PoolUse earlier) {
            return new PoolUse(handedOff - earlier.handedOff, ranOnCaller - earlier.ranOnCaller);
        }
    }

    byte[] getTile(TileKey tile) throws Exception;

    /** Waits until every tile is stored, every metatile image disposed, every lock released. */
    default void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {}

    /** What the server's bounded pool did since it opened. */
    default PoolUse poolUse() {
        return PoolUse.NONE;
    }

    @Override
    default void close() {}

    /** Waits until {@code idle} holds, looking every 200 µs. */
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
