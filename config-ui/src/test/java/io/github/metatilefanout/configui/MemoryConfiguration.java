package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A host's configuration for the panel tests: settings kept in memory, applied settings collected in a list. */
final class MemoryConfiguration implements FanoutConfiguration {

    /** What the engine was given, in order. */
    final List<FanoutSettings> applied = new CopyOnWriteArrayList<>();

    private volatile SettingValues stored = SettingValues.NONE;
    private volatile String saveFailure;
    private volatile RuntimeException engineRefusal;

    /** The pool size, queue bound and lock timeout in seconds, each null for its default. */
    static SettingValues values(Integer poolSize, Integer queueBound, Integer lockTimeoutSeconds) {
        return SettingValues.NONE
                .with(Setting.POOL_SIZE, poolSize)
                .with(Setting.QUEUE_BOUND, queueBound)
                .with(Setting.LOCK_TIMEOUT_SECONDS, lockTimeoutSeconds);
    }

    /** Keeps {@code values} as if saved earlier, without applying them. */
    MemoryConfiguration keeping(SettingValues values) {
        stored = values;
        return this;
    }

    /** Every save from now on fails with an {@link IOException} of {@code reason}, as a read-only store does. */
    MemoryConfiguration failingSaves(String reason) {
        saveFailure = reason;
        return this;
    }

    /** The engine refuses every settings from now on with {@code refusal}. */
    MemoryConfiguration refusingEngine(RuntimeException refusal) {
        engineRefusal = refusal;
        return this;
    }

    @Override
    public SettingValues stored() {
        return stored;
    }

    @Override
    public FanoutSettings save(SettingValues values) throws IOException {
        if (saveFailure != null) {
            throw new IOException(saveFailure);
        }
        stored = values;
        if (engineRefusal != null) {
            throw engineRefusal;
        }
        FanoutSettings effective = values.resolve();
        applied.add(effective);
        return effective;
    }
}
