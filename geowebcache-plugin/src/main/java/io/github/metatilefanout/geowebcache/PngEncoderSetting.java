package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.ChoiceProperty;
import java.util.Locale;

/**
 * {@value #NAME}: which encoder writes the PNG tiles of WMS layers, read once at start-up with the plugin's other
 * settings ({@link GeoWebCacheSettings}).
 *
 * <p>The plugins share one rule: the engine's PNG encoder is the default only where it writes the bytes the host
 * writes. GeoWebCache's writer (the JDK's) splits the compressed data into IDAT chunks of 32 KB and writes some
 * palette images at lower bit depths, which the engine's encoder does not: so {@link #GEOWEBCACHE} is the default
 * here, while GeoServer's plugin always uses the engine's encoder, whose bytes equal GeoServer's own.
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
