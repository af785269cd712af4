package io.github.metatilefanout.geoserver;

/**
 * Whether GeoServer's tile layers go through the engine: on, unless GeoServer starts with {@code
 * -D}{@value #PROPERTY}{@code =false}, and then GeoServer's own tile layers are handed out and render every
 * metatile. The system property is read where the answer is needed (as each tile layer is handed out and served),
 * never kept, so the switch holds no state of its own.
 */
public final class FanoutSwitch {

    /** The system property that starts GeoServer with the engine switched off. */
    public static final String PROPERTY = "metatile-fanout.enabled";

    public boolean isEnabled() {
        return !"false".equalsIgnoreCase(System.getProperty(PROPERTY));
    }
}
