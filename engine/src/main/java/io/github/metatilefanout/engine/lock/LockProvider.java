package io.github.metatilefanout.engine.lock;

import java.time.Duration;

/**
 * Hands out exclusive locks by key, as GeoWebCache's lock providers do.
 *
 * <p>A lock is released once, by the thread that acquired it. The engine never acquires a lock it already
 * holds, so providers need not be reentrant (GeoWebCache's NIO file lock provider is not, within one JVM);
 * the same protocol works over an in-process provider and over a cluster-wide one.
 *
 * <p>Providers may fail with a runtime exception of their own, for instance on their own timeout
 * (GeoWebCache 2.0's memory and NIO providers do): the engine reports it as a {@link LockTimeoutException}
 * naming the key.
 */
public interface LockProvider {

    /**
     * Acquires the lock for {@code key}, waiting at most {@code timeout}.
     *
     * @throws LockTimeoutException if the lock was not obtained in time
     * @throws InterruptedException if the thread was interrupted while waiting
     */
    Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException;

    /** A held lock. */
    interface Lock {

        /** Releases the lock. Must be called once, by the thread that acquired it. */
        void release();
    }
}
