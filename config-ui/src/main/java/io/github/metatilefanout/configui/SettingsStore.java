package io.github.metatilefanout.configui;

import java.io.IOException;

/** Where the settings are kept. {@code toString()} names the place, for log messages. */
public interface SettingsStore {

    /**
     * The settings as kept. Never fails: a value that cannot be read or is out of range is reported in the log
     * and comes back as null, its default.
     */
    StoredSettings load();

    /** Keeps {@code settings}, replacing what was kept; on failure the previous settings stay. */
    void save(StoredSettings settings) throws IOException;
}
