package io.github.metatilefanout.configui;

import java.io.IOException;
import java.util.Objects;

/** The pool size from the host's store, the other settings from a file; see {@link SettingsFile#withPoolSizeFrom}. */
final class HostPoolSizeStore implements SettingsStore {

    private final PoolSizeStore host;
    private final SettingsStore rest;

    HostPoolSizeStore(PoolSizeStore host, SettingsStore rest) {
        this.host = host;
        this.rest = rest;
    }

    @Override
    public StoredSettings load() {
        return rest.load().withPoolSize(FanoutSetting.POOL_SIZE.inRangeOrDefault(host.load(), host));
    }

    /** Writes the file first and the host's pool size only if it changed; if that fails, restores the file. */
    @Override
    public void save(StoredSettings settings) throws IOException {
        StoredSettings previous = rest.load();
        rest.save(settings);
        if (Objects.equals(host.load(), settings.poolSize())) {
            return;
        }
        try {
            host.save(settings.poolSize());
        } catch (IOException | RuntimeException e) {
            try {
                rest.save(previous);
            } catch (IOException restore) {
                e.addSuppressed(restore);
            }
            throw e;
        }
    }

    @Override
    public String toString() {
        return "pool size in " + host + ", other settings in " + rest;
    }
}
