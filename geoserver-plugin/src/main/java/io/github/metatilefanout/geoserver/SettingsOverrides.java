package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.configui.SettingsStore;
import io.github.metatilefanout.configui.StoredSettings;
import java.io.IOException;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * Settings the deployment fixes, such as GeoServer Cloud's configuration properties: each value that is set
 * wins over the stored one (the Caching Defaults page, the settings file); a value left null falls back to
 * it. The same on every replica, which a file in one replica's data directory is not.
 *
 * @param values the fixed settings; null values are not fixed
 */
public record SettingsOverrides(StoredSettings values) {

    /** Nothing fixed: the stored settings apply as they are. */
    public static final SettingsOverrides NONE = new SettingsOverrides(StoredSettings.DEFAULTS);

    private static final Logger LOGGER = Logger.getLogger(SettingsOverrides.class.getName());

    public SettingsOverrides {
        Objects.requireNonNull(values, "values");
    }

    /** {@code stored}, seen through these overrides; saving still keeps what the admin saved. */
    SettingsStore over(SettingsStore stored) {
        return equals(NONE) ? stored : new Overridden(stored);
    }

    private StoredSettings apply(StoredSettings stored) {
        return new StoredSettings(
                first(values.poolSize(), stored.poolSize()),
                first(values.queueBound(), stored.queueBound()),
                first(values.lockTimeoutSeconds(), stored.lockTimeoutSeconds()));
    }

    private static Integer first(Integer fixed, Integer stored) {
        return fixed != null ? fixed : stored;
    }

    private final class Overridden implements SettingsStore {
        private final SettingsStore stored;

        private Overridden(SettingsStore stored) {
            this.stored = stored;
        }

        @Override
        public StoredSettings load() {
            return apply(stored.load());
        }

        @Override
        public void save(StoredSettings settings) throws IOException {
            stored.save(settings);
            if (!apply(settings).equals(settings)) {
                LOGGER.warning(() -> "Saved " + settings + " to " + stored + "; the deployment's settings " + values
                        + " still win over them");
            }
        }

        @Override
        public String toString() {
            return stored + ", overridden by " + values;
        }
    }
}
