package io.github.metatilefanout.engine.settings;

import java.io.InvalidObjectException;
import java.io.Serializable;
import java.util.List;
import java.util.function.Function;

/**
 * One setting an admin can set: its key, the values it takes, its default and the message a bad value gets.
 * These descriptors are the settings' one definition. The engine's {@link
 * io.github.metatilefanout.engine.FanoutSettings}, the settings file ({@link SettingsFormat}), the settings panel
 * and, in the GeoServer plugin, GeoServer Cloud's properties all read their keys, ranges, defaults and messages
 * from here.
 *
 * <p>Adding a setting is one constant here, listed in {@link #ALL}, plus its uses: a component of {@code
 * FanoutSettings} filled in by {@link SettingValues#resolve()}, a field and its texts in the settings panel, its
 * lines in the docs.
 *
 * @param <T> the type of its values
 */
public final class Setting<T> implements Serializable {

    /**
     * The message of a bad value, from the name the entry point knows the setting by (its key, a property
     * name), the value (quoted when it is text that stands for no value) and {@link SettingType#description()}.
     */
    public static final String BAD_VALUE = "%s is %s, but it must be %s";

    private static final WholeNumbers POOL_SIZES = new WholeNumbers(0, 256);

    /**
     * Threads that encode and store the tiles the request did not ask for; 0 turns the pool off. Default: twice
     * the available processors.
     */
    public static final Setting<Integer> POOL_SIZE = new Setting<>(
            "poolSize",
            POOL_SIZES,
            values -> Math.min(POOL_SIZES.max(), 2 * Runtime.getRuntime().availableProcessors()));

    /** Metatiles that may wait for a pool thread. Default: the pool size. */
    public static final Setting<Integer> QUEUE_BOUND =
            new Setting<>("queueBound", new WholeNumbers(0, 256), values -> values.valueOrDefault(POOL_SIZE));

    /**
     * Tiles written to the tile store at once, for the whole engine, each on a thread of its own, so that a store a
     * round trip away (an object store) costs a metatile about one round trip rather than one per tile; 0 writes
     * each tile on its metatile's own thread. Default: 16.
     */
    public static final Setting<Integer> STORE_THREADS =
            new Setting<>("storeThreads", new WholeNumbers(0, 256), values -> 16);

    /** The longest wait for a metatile or tile lock, in seconds. Default: GeoWebCache's, 120. */
    public static final Setting<Integer> LOCK_TIMEOUT_SECONDS =
            new Setting<>("lockTimeoutSeconds", new WholeNumbers(1, 3600), values -> 120);

    /**
     * On zoom levels whose tiles are not cached, render each requested tile alone (with its gutter) instead of
     * its whole metatile. Saves the rendering of tiles nobody keeps; labels and symbols at tile edges may differ
     * from a metatile's. Default: off.
     */
    public static final Setting<Boolean> SINGLE_TILE_WHEN_UNCACHED =
            new Setting<>("singleTileWhenUncached", new OnOff(), values -> false);

    /** Every setting, in the order forms and files show them. */
    public static final List<Setting<?>> ALL =
            List.of(POOL_SIZE, QUEUE_BOUND, STORE_THREADS, LOCK_TIMEOUT_SECONDS, SINGLE_TILE_WHEN_UNCACHED);

    private final String key;
    private final SettingType<T> type;
    private final Function<SettingValues, T> defaultValue;

    private Setting(String key, SettingType<T> type, Function<SettingValues, T> defaultValue) {
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
    }

    /** The setting of {@code key}, or null if there is none. */
    public static Setting<?> named(String key) {
        return ALL.stream()
                .filter(setting -> setting.key.equals(key))
                .findFirst()
                .orElse(null);
    }

    /** The key in the settings file, in the panel's texts and, in kebab case, in GeoServer Cloud's properties. */
    public String key() {
        return key;
    }

    /** The values it takes. */
    public SettingType<T> type() {
        return type;
    }

    /** The value it takes when not set, given the other values set (the queue bound's follows the pool size). */
    public T defaultValue(SettingValues values) {
        return defaultValue.apply(values);
    }

    /** Whether {@code value} is allowed. */
    public boolean allows(T value) {
        return type.allows(value);
    }

    /** {@code value}, checked; a bad value's message names the setting by its key. */
    public T check(T value) {
        return check(key, value);
    }

    /**
     * {@code value}, checked.
     *
     * @param name the setting's name where the value came from: its key, a property name
     * @throws IllegalArgumentException if {@code value} is not allowed, with the {@link #BAD_VALUE} message
     */
    public T check(String name, T value) {
        if (!allows(value)) {
            throw new IllegalArgumentException(String.format(BAD_VALUE, name, value, type.description()));
        }
        return value;
    }

    /**
     * The value {@code text} stands for, stripped of spaces, checked.
     *
     * @param name the setting's name where the text came from: its key, a property name
     * @throws IllegalArgumentException if it stands for no value, or a value not allowed, with the {@link
     *     #BAD_VALUE} message
     */
    public T parse(String name, String text) {
        String stripped = text.strip();
        T value;
        try {
            value = type.parse(stripped);
        } catch (IllegalArgumentException e) { // its message adds nothing to this one
            throw new IllegalArgumentException(
                    String.format(BAD_VALUE, name, "'" + stripped + "'", type.description()));
        }
        return check(name, value);
    }

    @Override
    public String toString() {
        return key;
    }

    /** Serialized as its key, read back as the same constant. */
    private Object writeReplace() {
        return new SerializedSetting(key);
    }

    private record SerializedSetting(String key) implements Serializable {

        private Object readResolve() throws InvalidObjectException {
            Setting<?> setting = named(key);
            if (setting == null) {
                throw new InvalidObjectException("no setting " + key);
            }
            return setting;
        }
    }
}
