package io.github.metatilefanout.engine.settings;

import io.github.metatilefanout.engine.FanoutSettings;

/** The three settings an admin edits: their keys (in the settings file and the panel's texts) and ranges. */
public enum FanoutSetting {
    POOL_SIZE("poolSize", FanoutSettings.MIN_POOL_SIZE, FanoutSettings.MAX_POOL_SIZE),
    QUEUE_BOUND("queueBound", FanoutSettings.MIN_QUEUE_BOUND, FanoutSettings.MAX_QUEUE_BOUND),
    LOCK_TIMEOUT(
            "lockTimeoutSeconds", FanoutSettings.MIN_LOCK_TIMEOUT_SECONDS, FanoutSettings.MAX_LOCK_TIMEOUT_SECONDS);

    private final String key;
    private final int min;
    private final int max;

    FanoutSetting(String key, int min, int max) {
        this.key = key;
        this.min = min;
        this.max = max;
    }

    /** The setting's key in the settings file and its texts' keys. */
    public String key() {
        return key;
    }

    /** The smallest allowed value. */
    public int min() {
        return min;
    }

    /** The largest allowed value. */
    public int max() {
        return max;
    }

    /** Whether {@code value} is in the allowed range. */
    public boolean allows(int value) {
        return value >= min && value <= max;
    }

    /**
     * {@code value}, checked.
     *
     * @param value a value, or null for the default (always allowed)
     * @throws IllegalArgumentException if {@code value} is out of range; the message names the setting, the value
     *     and the range
     */
    public Integer check(Integer value) {
        if (value != null && !allows(value)) {
            throw new IllegalArgumentException(key + " is " + value + "; allowed range is " + min + " to " + max);
        }
        return value;
    }
}
