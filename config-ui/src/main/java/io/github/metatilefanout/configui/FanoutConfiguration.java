package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The admin's settings: where they are kept and how they reach the running engine. Saving keeps them, then
 * hands the resolved {@link FanoutSettings} to the engine (typically {@code engine::reconfigure}), so they take
 * effect without a restart.
 */
public final class FanoutConfiguration {

    private static final Logger LOGGER = Logger.getLogger(FanoutConfiguration.class.getName());

    private final SettingsStore store;
    private final Consumer<FanoutSettings> engine;

    /**
     * @param store where the settings are kept
     * @param engine receives the settings after each save
     */
    public FanoutConfiguration(SettingsStore store, Consumer<FanoutSettings> engine) {
        this.store = Objects.requireNonNull(store, "store");
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    /** The settings as kept; unset values are null. */
    public StoredSettings stored() {
        return store.load();
    }

    /** The settings as kept, resolved with their defaults: what the engine should run with. */
    public FanoutSettings effective() {
        return stored().resolve();
    }

    /**
     * Keeps {@code settings}, then applies them to the engine.
     *
     * @return the settings applied
     * @throws IOException if they could not be kept; the engine is left as it was
     * @throws RuntimeException whatever the engine threw when applying them; they are kept all the same, and
     *     apply on the next start
     */
    public synchronized FanoutSettings save(StoredSettings settings) throws IOException {
        store.save(settings);
        FanoutSettings effective = settings.resolve();
        try {
            engine.accept(effective);
        } catch (RuntimeException e) {
            LOGGER.log(Level.WARNING, "Saved " + effective + " to " + store + " but the engine did not apply them", e);
            throw e;
        }
        LOGGER.info(() -> "Saved " + effective + " to " + store + " and applied them");
        return effective;
    }
}
