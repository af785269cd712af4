package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.engine.settings.StoredSettings;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A host's configuration for the panel tests: settings kept in memory, applied settings collected in a list. */
final class MemoryConfiguration implements FanoutConfiguration {

    /** What the engine was given, in order. */
    final List<FanoutSettings> applied = new CopyOnWriteArrayList<>();

    private volatile StoredSettings stored = StoredSettings.DEFAULTS;
    private volatile String saveFailure;
    private volatile RuntimeException engineRefusal;

    /** Keeps {@code settings} as if saved earlier, without applying them. */
    MemoryConfiguration keeping(StoredSettings settings) {
        stored = settings;
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
    public StoredSettings stored() {
        return stored;
    }

    @Override
    public FanoutSettings save(StoredSettings settings) throws IOException {
        if (saveFailure != null) {
            throw new IOException(saveFailure);
        }
        stored = settings;
        if (engineRefusal != null) {
            throw engineRefusal;
        }
        FanoutSettings effective = settings.resolve();
        applied.add(effective);
        return effective;
    }
}
