package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutSettings;
import java.util.logging.Logger;

/** The three settings an admin edits: their keys (in the settings file and the texts) and allowed ranges. */
enum FanoutSetting {
    POOL_SIZE("poolSize", FanoutSettings.MIN_POOL_SIZE, FanoutSettings.MAX_POOL_SIZE),
    QUEUE_BOUND("queueBound", FanoutSettings.MIN_QUEUE_BOUND, FanoutSettings.MAX_QUEUE_BOUND),
    LOCK_TIMEOUT(
            "lockTimeoutSeconds", FanoutSettings.MIN_LOCK_TIMEOUT_SECONDS, FanoutSettings.MAX_LOCK_TIMEOUT_SECONDS);

    private static final Logger LOGGER = Logger.getLogger(FanoutSetting.class.getName());

    private final String key;
    private final int min;
    private final int max;

    FanoutSetting(String key, int min, int max) {
        this.key = key;
        this.min = min;
        this.max = max;
    }

    String key() {
        return key;
    }

    int min() {
        return min;
    }

    int max() {
        return max;
    }

    boolean allows(int value) {
        return value >= min && value <= max;
    }

    /** Throws if {@code value} is set and out of range; null (the default) passes. */
    Integer check(Integer value) {
        if (value != null && !allows(value)) {
            throw new IllegalArgumentException(key + " is " + value + "; allowed range is " + min + " to " + max);
        }
        return value;
    }

    /** {@code value} if it is in range, else null (the default) after a WARNING naming {@code source}. */
    Integer inRangeOrDefault(Integer value, Object source) {
        if (value == null || allows(value)) {
            return value;
        }
        LOGGER.warning(() -> source + ": " + key + " = " + value + " is outside the allowed range " + min + " to " + max
                + "; using the default");
        return null;
    }
}
