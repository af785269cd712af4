package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.settings.SettingValues;
import java.util.Objects;

/**
 * Settings the deployment fixes, such as GeoServer Cloud's configuration properties: each value that is set
 * wins over the stored one (the Caching Defaults page, GeoWebCache's meta tiling threads); a setting without a
 * value falls back to it. The same on every replica, and what an operator who set it expects to hold.
 *
 * @param values the fixed settings
 */
public record SettingsOverrides(SettingValues values) {

    /** Nothing fixed: the stored settings apply as they are. */
    public static final SettingsOverrides NONE = new SettingsOverrides(SettingValues.NONE);

    public SettingsOverrides {
        Objects.requireNonNull(values, "values");
    }

    /** {@code stored}, with every fixed value in place of the stored one. */
    SettingValues over(SettingValues stored) {
        return values.over(stored);
    }

    /** The fixed settings by their keys, for example {@code poolSize=3, lockTimeoutSeconds=30}. */
    @Override
    public String toString() {
        return values.toString();
    }
}
