package io.github.metatilefanout.geoserver;

/**
 * Switches the engine off and on in a running GeoServer, as {@code -D}{@value FanoutSwitch#PROPERTY}{@code =false}
 * does at start, so that a test can compare the engine's answers with GeoServer's own path in one GeoServer.
 */
final class EngineSwitch {

    private EngineSwitch() {}

    /** On: the property cleared; off: set to {@code false}. */
    static void set(boolean on) {
        if (on) {
            System.clearProperty(FanoutSwitch.PROPERTY);
        } else {
            System.setProperty(FanoutSwitch.PROPERTY, "false");
        }
    }
}
