package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.ChoiceProperty;
import java.util.List;
import java.util.Locale;

/**
 * {@value #NAME}: which encoder writes the PNG tiles of WMS layers, read once at start-up with the plugin's other
 * settings ({@link GeoWebCacheSettings}).
 *
 * <p>The plugins share one rule: the engine's PNG encoder is the default where it writes the bytes the host writes.
 * Here it writes the bytes of GeoWebCache's writer (the JDK's), so {@link #FANOUT} is the default, as the engine's
 * encoder is in GeoServer's plugin with GeoServer's bytes.
 */
public enum PngEncoderSetting {
    /** GeoWebCache's own writer for every tile: crop, then the JDK's PNG writer. */
    GEOWEBCACHE,
    /**
     * The engine's PNG encoder where {@link PngEncoderChoice} allows it: each tile read straight from the metatile's
     * raster, in the bytes GeoWebCache's writer writes.
     */
    FANOUT;

    /** The setting's name. */
    public static final String NAME = GeoWebCacheSettings.PREFIX + "PNG_ENCODER";

    /**
     * The encoder {@code value} names, in any case; {@link #FANOUT} when it is not set.
     *
     * @throws IllegalArgumentException naming the setting, the value and the allowed ones ({@link Setting#BAD_VALUE})
     */
    public static PngEncoderSetting read(String value) {
        return ChoiceProperty.read(NAME, value, FANOUT, List.of(values()), PngEncoderSetting::value);
    }

    /** The value naming it: {@code geowebcache} or {@code fanout}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
