package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.LockProtocolProperty;
import io.github.metatilefanout.gwc.SettingProperties;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.geowebcache.util.ApplicationContextProvider;
import org.geowebcache.util.GWCVars;

/**
 * The plugin's settings in standalone GeoWebCache, read once at start-up as GeoWebCache reads its own ({@code
 * GEOWEBCACHE_CACHE_DIR}, {@code GWC_LOCK_TIMEOUT}): a Java system property, else a servlet context parameter,
 * else an environment variable.
 *
 * <ul>
 *   <li>{@value #ENABLED}: {@code false} leaves every layer to GeoWebCache's own path; default {@code true};
 *   <li>one per engine {@link Setting}, named {@value #PREFIX} and its key in upper-case words ({@code
 *       METATILE_FANOUT_POOL_SIZE}, {@code METATILE_FANOUT_QUEUE_BOUND}, {@code METATILE_FANOUT_STORE_THREADS}, {@code
 *       METATILE_FANOUT_LOCK_TIMEOUT_SECONDS}, {@code METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED}), with the
 *       setting's values and default;
 *   <li>{@value LockProtocolProperty#NAME} ({@link LockProtocolProperty});
 *   <li>{@value PngEncoderSetting#NAME} ({@link PngEncoderSetting}).
 * </ul>
 *
 * A value that cannot be used stops start-up with a message naming the setting, the value and what is allowed.
 */
public final class GeoWebCacheSettings {

    /** The prefix of every setting's name. */
    public static final String PREFIX = "METATILE_FANOUT_";

    static final String ENABLED = PREFIX + "ENABLED";

    private final boolean enabled;
    private final FanoutSettings engineSettings;
    private final LockProtocol lockProtocol;
    private final PngEncoderSetting pngEncoder;

    /**
     * @param properties the value of a setting by its name, null when it is not set
     * @throws IllegalArgumentException if a value cannot be used, naming the setting, the value and what is
     *     allowed
     */
    GeoWebCacheSettings(UnaryOperator<String> properties) {
        this.enabled = enabled(properties.apply(ENABLED));
        this.engineSettings =
                SettingProperties.read(GeoWebCacheSettings::name, properties).resolve();
        this.lockProtocol = LockProtocolProperty.read(properties.apply(LockProtocolProperty.NAME));
        this.pngEncoder = PngEncoderSetting.read(properties.apply(PngEncoderSetting.NAME));
    }

    /** The settings as GeoWebCache looks its variables up in its web application. */
    public static GeoWebCacheSettings lookedUpIn(ApplicationContextProvider gwcContext) {
        return new GeoWebCacheSettings(name -> GWCVars.findEnvVar(gwcContext.getApplicationContext(), name));
    }

    /** The name of {@code setting}: {@code METATILE_FANOUT_POOL_SIZE} for {@code poolSize}. */
    static String name(Setting<?> setting) {
        return SettingProperties.name(PREFIX, setting, '_', true);
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

    /** Which encoder writes PNG tiles. */
    public PngEncoderSetting pngEncoder() {
        return pngEncoder;
    }

    private static boolean enabled(String text) {
        if (text == null || text.isBlank()) {
            return true;
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(
                    String.format(Setting.BAD_VALUE, ENABLED, "'" + text.strip() + "'", "true (the default) or false"));
        };
    }

    /** The settings in force, as the start-up line gives them. */
    @Override
    public String toString() {
        return "pool size " + engineSettings.poolSize() + ", queue bound " + engineSettings.queueBound()
                + ", store threads " + engineSettings.storeThreads() + ", lock wait timeout "
                + engineSettings.lockTimeout().toSeconds() + " s, lock protocol "
                + LockProtocolProperty.name(lockProtocol) + ", single tiles on uncached levels "
                + (engineSettings.singleTileWhenUncached() ? "on" : "off") + ", PNG encoder " + pngEncoder.value();
    }
}
