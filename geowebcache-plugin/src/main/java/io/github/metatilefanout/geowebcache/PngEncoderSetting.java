package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.ChoiceProperty;
import java.util.Locale;

/**
 * {@value #NAME}: which encoder writes the PNG tiles of WMS layers, read once at start-up with the plugin's other
 * settings ({@link GeoWebCacheSettings}).
 */
public enum PngEncoderSetting {
    /** GeoWebCache's own writer (crop, then the JDK's PNG writer): tiles byte for byte those of GeoWebCache. */
    GEOWEBCACHE,
    /**
     * The engine's PNG encoder, reading each tile straight from the metatile's raster where {@link PngEncoderChoice} allows
     * it: the same pixels, not always the same bytes.
     */
    FANOUT;

    /** The setting's name. */
    public static final String NAME = GeoWebCacheSettings.PREFIX + "PNG_ENCODER";

    /**
     * The encoder {@code value} names, in any case; {@link #GEOWEBCACHE} when it is not set.
     *
     * @throws IllegalArgumentException naming the setting, the value and the allowed ones ({@link Setting#BAD_VALUE})
     */
    public static PngEncoderSetting read(String value) {
        return ChoiceProperty.read(NAME, value, GEOWEBCACHE, PngEncoderSetting::value);
    }

    /** The value naming it: {@code geowebcache} or {@code fanout}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
