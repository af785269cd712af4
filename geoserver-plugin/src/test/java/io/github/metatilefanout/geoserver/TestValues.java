package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;

/** Setting values for tests. */
final class TestValues {

    private TestValues() {}

    /** The pool size, queue bound and lock timeout in seconds, each null for its default. */
    static SettingValues values(Integer poolSize, Integer queueBound, Integer lockTimeoutSeconds) {
        return SettingValues.NONE
                .with(Setting.POOL_SIZE, poolSize)
                .with(Setting.QUEUE_BOUND, queueBound)
                .with(Setting.LOCK_TIMEOUT_SECONDS, lockTimeoutSeconds);
    }
}
