package io.github.metatilefanout.engine.settings;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.Serializable;
import java.time.Duration;

/**
 * The settings as an admin keeps them. Each value may be null, meaning its default: twice the available
 * processors for the pool size, the pool size for the queue bound, {@link FanoutSettings#DEFAULT_LOCK_TIMEOUT}
 * for the lock timeout.
 *
 * @param poolSize threads that encode and store tiles; 0 turns the pool off
 * @param queueBound jobs that may wait for a pool thread
 * @param lockTimeoutSeconds the longest wait for a lock, in seconds
 * @throws IllegalArgumentException if a value is set and out of its range; the message names the setting, the
 *     value and the range
 */
public record StoredSettings(Integer poolSize, Integer queueBound, Integer lockTimeoutSeconds) implements Serializable {

    /** Every value at its default. */
    public static final StoredSettings DEFAULTS = new StoredSettings(null, null, null);

    public StoredSettings {
        FanoutSetting.POOL_SIZE.check(poolSize);
        FanoutSetting.QUEUE_BOUND.check(queueBound);
        FanoutSetting.LOCK_TIMEOUT.check(lockTimeoutSeconds);
    }

    /** The pool size this resolves to: the one set, or the engine's default. */
    public int effectivePoolSize() {
        return poolSize != null ? poolSize : FanoutSettings.defaultPoolSize();
    }

    /** The engine settings these resolve to, defaults filled in. */
    public FanoutSettings resolve() {
        FanoutSettings settings = FanoutSettings.withPoolSize(effectivePoolSize());
        if (queueBound != null) {
            settings = settings.withQueueBound(queueBound);
        }
        if (lockTimeoutSeconds != null) {
            settings = settings.withLockTimeout(Duration.ofSeconds(lockTimeoutSeconds));
        }
        return settings;
    }

    /** These settings with another pool size, null for the default. */
    public StoredSettings withPoolSize(Integer size) {
        return new StoredSettings(size, queueBound, lockTimeoutSeconds);
    }

    /** The value of {@code setting}, null for its default. */
    public Integer get(FanoutSetting setting) {
        return switch (setting) {
            case POOL_SIZE -> poolSize;
            case QUEUE_BOUND -> queueBound;
            case LOCK_TIMEOUT -> lockTimeoutSeconds;
        };
    }
}
