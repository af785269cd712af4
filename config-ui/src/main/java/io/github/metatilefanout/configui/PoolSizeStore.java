package io.github.metatilefanout.configui;

import java.io.IOException;

/**
 * Where the host keeps the pool size, when it already has a setting for it: in GeoServer, GeoWebCache's
 * "meta tiling threads". Binding the pool size to that setting keeps one source of truth. {@code toString()}
 * names the place, for log messages.
 *
 * @see SettingsFile#withPoolSizeFrom(PoolSizeStore)
 */
public interface PoolSizeStore {

    /** The pool size as kept, null for the default. */
    Integer load();

    /** Keeps {@code poolSize}, null for the default. */
    void save(Integer poolSize) throws IOException;
}
