package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.settings.FanoutSetting;
import io.github.metatilefanout.engine.settings.StoredSettings;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Settings the deployment fixes, such as GeoServer Cloud's configuration properties: each value that is set
 * wins over the stored one (the Caching Defaults page, GeoWebCache's meta tiling threads); a value left null
 * falls back to it. The same on every replica, and what an operator who set it expects to hold.
 *
 * @param values the fixed settings; null values are not fixed
 */
public record SettingsOverrides(StoredSettings values) {

    /** Nothing fixed: the stored settings apply as they are. */
    public static final SettingsOverrides NONE = new SettingsOverrides(StoredSettings.DEFAULTS);

    public SettingsOverrides {
        Objects.requireNonNull(values, "values");
    }

    /** {@code stored}, with every fixed value in place of the stored one. */
    StoredSettings over(StoredSettings stored) {
        return new StoredSettings(
                first(values.poolSize(), stored.poolSize()),
                first(values.queueBound(), stored.queueBound()),
                first(values.lockTimeoutSeconds(), stored.lockTimeoutSeconds()));
    }

    /** The fixed settings by their keys, for example {@code poolSize=3, lockTimeoutSeconds=30}. */
    @Override
    public String toString() {
        return Arrays.stream(FanoutSetting.values())
                .filter(setting -> values.get(setting) != null)
                .map(setting -> setting.key() + "=" + values.get(setting))
                .collect(Collectors.joining(", "));
    }

    private static Integer first(Integer fixed, Integer stored) {
        return fixed != null ? fixed : stored;
    }
}
