package io.github.metatilefanout.engine.lock;

import java.time.Duration;

/**
 * Hands out exclusive locks by key, as GeoWebCache's lock providers do.
 *
 * <p>Locks are owned by threads: a lock is released by the thread that acquired it, and a thread that
 * already holds a lock may acquire it again (each acquisition is released once). The engine relies on
 * nothing else, so the same protocol works over an in-process provider and over a cluster-wide one.
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
