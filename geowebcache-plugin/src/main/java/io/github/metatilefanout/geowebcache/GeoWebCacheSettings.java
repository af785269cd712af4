package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.SettingProperties;
import io.github.metatilefanout.gwc.StartupProperties;
import java.util.function.UnaryOperator;
import org.geowebcache.util.ApplicationContextProvider;
import org.geowebcache.util.GWCVars;

/**
 * The plugin's settings in standalone GeoWebCache, read once at start-up as GeoWebCache reads its own ({@code
 * GEOWEBCACHE_CACHE_DIR}, {@code GWC_LOCK_TIMEOUT}): a Java system property, else a servlet context parameter,
 * else an environment variable.
 *
 * <ul>
 *   <li>{@value StartupProperties#ENABLED} and {@value StartupProperties#LOCK_PROTOCOL} ({@link StartupProperties});
 *   <li>one per engine {@link Setting}, named {@value #PREFIX} and its key in upper-case words ({@code
 *       METATILE_FANOUT_POOL_SIZE}, {@code METATILE_FANOUT_QUEUE_BOUND}, {@code METATILE_FANOUT_STORE_THREADS}, {@code
 *       METATILE_FANOUT_LOCK_TIMEOUT_SECONDS}, {@code METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED}), with the
 *       setting's values and default;
 *   <li>{@value PngEncoderSetting#NAME} ({@link PngEncoderSetting}).
 * </ul>
 *
 * A value that cannot be used stops start-up with a message naming the setting, the value and what is allowed.
 */
public final class GeoWebCacheSettings {

    /** The prefix of every setting's name. */
    public static final String PREFIX = "METATILE_FANOUT_";

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
        this.enabled = StartupProperties.enabled(properties.apply(StartupProperties.ENABLED));
        this.engineSettings =
                SettingProperties.read(GeoWebCacheSettings::name, properties).resolve();
        this.lockProtocol = StartupProperties.lockProtocol(properties.apply(StartupProperties.LOCK_PROTOCOL));
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

    /** The settings in force, as the start-up line gives them. */
    @Override
    public String toString() {
        return engineSettings + ", lock protocol " + StartupProperties.name(lockProtocol) + ", PNG encoder "
                + pngEncoder.value();
    }
}
