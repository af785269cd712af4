package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.gwc.StartupProperties;

/**
 * Switches the engine off and on in a running GeoServer, as {@value StartupProperties#ENABLED}{@code =false}
 * does at start, so that a test can compare the engine's answers with GeoServer's own path in one GeoServer.
 */
final class EngineSwitch {

    private EngineSwitch() {}

    /** On: the property cleared; off: set to {@code false}. */
    static void set(boolean on) {
        if (on) {
            System.clearProperty(StartupProperties.ENABLED);
        } else {
            System.setProperty(StartupProperties.ENABLED, "false");
        }
    }
}
