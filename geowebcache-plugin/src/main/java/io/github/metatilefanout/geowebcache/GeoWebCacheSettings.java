package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.FanoutSetting;
import io.github.metatilefanout.engine.settings.StoredSettings;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.geowebcache.util.ApplicationContextProvider;
import org.geowebcache.util.GWCVars;

/**
 * The plugin's settings in standalone GeoWebCache, read once at start-up as GeoWebCache reads its own ({@code
 * GEOWEBCACHE_CACHE_DIR}, {@code GWC_LOCK_TIMEOUT}): a Java system property, else a servlet context parameter,
 * else an environment variable. Each setting's name is {@value #PREFIX} followed by its key in upper case words:
 *
 * <ul>
 *   <li>{@code METATILE_FANOUT_ENABLED}: {@code false} leaves every layer to GeoWebCache's own path; default
 *       {@code true};
 *   <li>{@code METATILE_FANOUT_POOL_SIZE}, {@code METATILE_FANOUT_QUEUE_BOUND}, {@code
 *       METATILE_FANOUT_LOCK_TIMEOUT_SECONDS}: the engine's settings, with their ranges and defaults ({@link
 *       FanoutSetting});
 *   <li>{@code METATILE_FANOUT_LOCK_PROTOCOL}: {@code tile-locks} (the default) or {@code storing-lock} ({@link
 *       LockProtocol}).
 * </ul>
 *
 * A value that cannot be used stops start-up with a message naming the setting, the value and what is allowed.
 */
public final class GeoWebCacheSettings {

    /** The prefix of every setting's name. */
    public static final String PREFIX = "METATILE_FANOUT_";

    static final String ENABLED = PREFIX + "ENABLED";
    static final String LOCK_PROTOCOL = PREFIX + "LOCK_PROTOCOL";

    private final boolean enabled;
    private final FanoutSettings engineSettings;
    private final LockProtocol lockProtocol;

    /**
     * @param properties the value of a setting by its name, null when it is not set
     * @throws IllegalArgumentException if a value cannot be used, naming the setting, the value and what is
     *     allowed
     */
    GeoWebCacheSettings(UnaryOperator<String> properties) {
        this.enabled = flag(ENABLED, properties.apply(ENABLED));
        this.engineSettings = new StoredSettings(
                        number(FanoutSetting.POOL_SIZE, properties),
                        number(FanoutSetting.QUEUE_BOUND, properties),
                        number(FanoutSetting.LOCK_TIMEOUT, properties))
                .resolve();
        this.lockProtocol = protocol(properties.apply(LOCK_PROTOCOL));
    }

    /** The settings as GeoWebCache looks its variables up in its web application. */
    public static GeoWebCacheSettings lookedUpIn(ApplicationContextProvider gwcContext) {
        return new GeoWebCacheSettings(name -> GWCVars.findEnvVar(gwcContext.getApplicationContext(), name));
    }

    /** The name of {@code setting}: {@code METATILE_FANOUT_POOL_SIZE} for {@code poolSize}. */
    static String name(FanoutSetting setting) {
        return PREFIX + setting.key().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /** {@code tile-locks} for {@link LockProtocol#TILE_LOCKS}. */
    static String name(LockProtocol protocol) {
        return protocol.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether WMS layers are served through the engine. */
    public boolean enabled() {
        return enabled;
    }

    public FanoutSettings engineSettings() {
        return engineSettings;
    }

    public LockProtocol lockProtocol() {
        return lockProtocol;
    }

    private static boolean flag(String name, String value) {
        if (value == null || value.isBlank()) {
            return true;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(
                    name + " is '" + value + "'; allowed values are true (the default) and false");
        };
    }

    private static Integer number(FanoutSetting setting, UnaryOperator<String> properties) {
        String name = name(setting);
        String value = properties.apply(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            int number = Integer.parseInt(value.strip());
            if (setting.allows(number)) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " is '" + value + "'; allowed values are whole numbers from "
                + setting.min() + " to " + setting.max());
    }

    private static LockProtocol protocol(String value) {
        if (value == null || value.isBlank()) {
            return LockProtocol.TILE_LOCKS;
        }
        for (LockProtocol protocol : LockProtocol.values()) {
            if (name(protocol).equalsIgnoreCase(value.strip())) {
                return protocol;
            }
        }
        throw new IllegalArgumentException(LOCK_PROTOCOL + " is '" + value + "'; allowed values are "
                + name(LockProtocol.TILE_LOCKS) + " (the default) and " + name(LockProtocol.STORING_LOCK));
    }

    /** The settings in force, as the start-up line gives them. */
    @Override
    public String toString() {
        return "pool size " + engineSettings.poolSize() + ", queue bound " + engineSettings.queueBound()
                + ", lock wait timeout " + engineSettings.lockTimeout().toSeconds() + " s, lock protocol "
                + name(lockProtocol);
    }
}
