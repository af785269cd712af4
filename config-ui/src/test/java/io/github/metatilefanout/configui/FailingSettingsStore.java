package io.github.metatilefanout.configui;

import java.io.IOException;

/** A store that holds the defaults and fails every save, as a read-only data directory does. */
final class FailingSettingsStore implements SettingsStore {

    private final String reason;

    FailingSettingsStore(String reason) {
        this.reason = reason;
    }

    @Override
    public StoredSettings load() {
        return StoredSettings.DEFAULTS;
    }

    @Override
    public void save(StoredSettings settings) throws IOException {
        throw new IOException(reason);
    }
}
