package io.github.metatilefanout.engine.settings;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.IOException;

/**
 * The admin's settings as a host application keeps them and applies them to its running engine: what the
 * settings panel reads and saves. The host decides where they are kept (in GeoServer, its resource store).
 */
public interface FanoutConfiguration {

    /** The values as kept; unset ones take their defaults. Never fails: what cannot be read counts as unset. */
    SettingValues stored();

    /**
     * Keeps {@code values}, then applies them to the running engine, without a restart.
     *
     * @return the engine settings applied
     * @throws IOException if they could not be kept; the engine is left as it was
     * @throws RuntimeException whatever the engine threw when applying them; they are kept all the same, and
     *     apply on the next start
     */
    FanoutSettings save(SettingValues values) throws IOException;
}
