package io.github.metatilefanout.engine;

import java.time.Duration;
import java.util.Objects;

/**
 * How the engine's pool is sized and how long it waits.
 *
 * @param poolSize threads that encode and store tiles, {@value #MIN_POOL_SIZE} (off: the classic synchronous
 *     behaviour) to {@value #MAX_POOL_SIZE}
 * @param queueBound metatiles that may wait for a pool thread, {@value #MIN_QUEUE_BOUND} to {@value
 *     #MAX_QUEUE_BOUND}; when the pool and its queue are full, the requesting thread does the work itself
 * @param lockTimeout the longest wait for any lock, from {@value #MIN_LOCK_TIMEOUT_SECONDS} to {@value
 *     #MAX_LOCK_TIMEOUT_SECONDS} seconds
 */
public record FanoutSettings(int poolSize, int queueBound, Duration lockTimeout) {

    public static final int MIN_POOL_SIZE = 0;
    public static final int MAX_POOL_SIZE = 256;
    public static final int MIN_QUEUE_BOUND = 0;
    public static final int MAX_QUEUE_BOUND = 4096;
    public static final int MIN_LOCK_TIMEOUT_SECONDS = 1;
    public static final int MAX_LOCK_TIMEOUT_SECONDS = 3600;

    /** GeoWebCache's default lock timeout. */
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(120);

    public FanoutSettings {
        Ranges.check("poolSize", poolSize, MIN_POOL_SIZE, MAX_POOL_SIZE);
        Ranges.check("queueBound", queueBound, MIN_QUEUE_BOUND, MAX_QUEUE_BOUND);
        Objects.requireNonNull(lockTimeout, "lockTimeout");
        if (lockTimeout.compareTo(Duration.ofSeconds(MIN_LOCK_TIMEOUT_SECONDS)) < 0
                || lockTimeout.compareTo(Duration.ofSeconds(MAX_LOCK_TIMEOUT_SECONDS)) > 0) {
            throw new IllegalArgumentException("lockTimeout is " + lockTimeout.toMillis() + " ms; allowed range is "
                    + MIN_LOCK_TIMEOUT_SECONDS + " to " + MAX_LOCK_TIMEOUT_SECONDS + " seconds");
        }
    }

    /** The default pool size: twice the available processors. */
    public static int defaultPoolSize() {
        return Math.min(MAX_POOL_SIZE, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Default pool size, a queue as long as the pool, GeoWebCache's lock timeout. */
    public static FanoutSettings defaults() {
        return withPoolSize(defaultPoolSize());
    }

    /** A pool of {@code poolSize} threads with the default queue bound and lock timeout. */
    public static FanoutSettings withPoolSize(int poolSize) {
        Ranges.check("poolSize", poolSize, MIN_POOL_SIZE, MAX_POOL_SIZE);
        return new FanoutSettings(poolSize, Math.min(poolSize, MAX_QUEUE_BOUND), DEFAULT_LOCK_TIMEOUT);
    }

    public FanoutSettings withQueueBound(int bound) {
        return new FanoutSettings(poolSize, bound, lockTimeout);
    }

    public FanoutSettings withLockTimeout(Duration timeout) {
        return new FanoutSettings(poolSize, queueBound, timeout);
    }
}
