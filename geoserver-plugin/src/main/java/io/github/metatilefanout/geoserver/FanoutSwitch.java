package io.github.metatilefanout.geoserver;

import java.util.logging.Logger;

/**
 * Whether GeoServer's tile layers go through the engine: on, unless GeoServer starts with {@code
 * -D}{@value #PROPERTY}{@code =false}. It can be switched at run time, for instance to compare with GeoServer's
 * own metatiling: while it is off, GeoServer's own tile layers are handed out and render every metatile;
 * metatiles in flight complete either way.
 */
public final class FanoutSwitch {

    /** The system property that starts GeoServer with the engine switched off. */
    public static final String PROPERTY = "metatile-fanout.enabled";

    private static final Logger LOGGER = GeoServerLogBridge.logger(FanoutSwitch.class);

    private volatile boolean enabled = !"false".equalsIgnoreCase(System.getProperty(PROPERTY));

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
        LOGGER.info("metatile-fanout " + (enabled ? "switched on" : "switched off"));
    }
}
