package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GeoServerLogBridgeTest {

    @Test
    void theProjectsLoggersAreNamedUnderGeoServers() {
        assertEquals(
                "org.geoserver.metatilefanout.engine.FanoutEngine",
                GeoServerLogBridge.geoServerName("io.github.metatilefanout.engine.FanoutEngine"));
        assertEquals("org.geotools.map", GeoServerLogBridge.geoServerName("org.geotools.map"));
    }
}
