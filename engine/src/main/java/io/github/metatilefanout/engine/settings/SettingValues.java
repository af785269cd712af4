package io.github.metatilefanout.engine.settings;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static io.github.metatilefanout.engine.settings.Setting.SINGLE_TILE_WHEN_UNCACHED;
import static io.github.metatilefanout.engine.settings.Setting.STORE_THREADS;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Values of some settings, as an admin or a deployment set them: what the settings file keeps, what the panel
 * saves, what GeoServer Cloud's properties fix. A setting without a value takes its default. Every value is
 * checked against its setting when set.
 */
public final class SettingValues implements Serializable {

    /** No value set: every setting at its default. */
    public static final SettingValues NONE = new SettingValues(Map.of());

    /** By key, so that the values serialize as they are. */
    private final Map<String, Object> values;

    private SettingValues(Map<String, Object> values) {
        this.values = Map.copyOf(values);
    }

    /** The value of {@code setting}, or null if it is not set. */
    @SuppressWarnings("unchecked") // only with() puts values, each of its setting's type
    public <T> T get(Setting<T> setting) {
        return (T) values.get(setting.key());
    }

    /** The value of {@code setting}, or its default. */
    public <T> T valueOrDefault(Setting<T> setting) {
        T value = get(setting);
        return value != null ? value : setting.defaultValue(this);
    }

    /**
     * These values with {@code setting} set to {@code value}, or unset if it is null.
     *
     * @throws IllegalArgumentException if {@code value} is not allowed, with the setting's message
     */
    public <T> SettingValues with(Setting<T> setting, T value) {
        Map<String, Object> changed = new HashMap<>(values);
        if (value == null) {
            changed.remove(setting.key());
        } else {
            changed.put(setting.key(), setting.check(value));
        }
        return new SettingValues(changed);
    }

    /** These values where set, {@code others}' elsewhere. */
    public SettingValues over(SettingValues others) {
        Map<String, Object> merged = new HashMap<>(others.values);
        merged.putAll(values);
        return new SettingValues(merged);
    }

    /** The settings the engine runs with: each value set, or its default. */
    public FanoutSettings resolve() {
        return new FanoutSettings(
                valueOrDefault(POOL_SIZE),
                valueOrDefault(QUEUE_BOUND),
                valueOrDefault(STORE_THREADS),
                Duration.ofSeconds(valueOrDefault(LOCK_TIMEOUT_SECONDS)),
                valueOrDefault(SINGLE_TILE_WHEN_UNCACHED));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SettingValues that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** The values set, by key, in the settings' order: {@code poolSize=3, lockTimeoutSeconds=30}. */
    @Override
    public String toString() {
        return Setting.ALL.stream()
                .filter(setting -> values.containsKey(setting.key()))
                .map(setting -> setting.key() + "=" + values.get(setting.key()))
                .collect(Collectors.joining(", "));
    }
}
