package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class GeoServerLogBridgeTest {

    private final List<String> geoServerLog = new CopyOnWriteArrayList<>();

    /** GeoServer's logger for a name, as GeoTools gives it when GeoServer logs through Log4J: not JUL's. */
    private Logger geoServerLogger(String name) {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        logger.setLevel(Level.INFO); // as a logging profile would
        logger.setFilter(record -> {
            geoServerLog.add(name + " " + record.getLevel() + " " + record.getMessage());
            return false;
        });
        return logger;
    }

    @Test
    void engineRecordsGoToGeoServersLoggerOfTheSameName() {
        GeoServerLogBridge bridge = GeoServerLogBridge.install(this::geoServerLogger);
        assertNotNull(bridge);
        try {
            Logger engine = Logger.getLogger("io.github.metatilefanout.engine.FanoutEngine");
            engine.warning("a warning");
            engine.fine("a detail");

            assertEquals(List.of("io.github.metatilefanout.engine.FanoutEngine WARNING a warning"), geoServerLog);
            assertEquals(
                    "org.geoserver.metatilefanout.engine.FanoutEngine",
                    GeoServerLogBridge.geoServerName(engine.getName()));
            assertTrue(!Logger.getLogger(GeoServerLogBridge.ROOT).getUseParentHandlers());
        } finally {
            bridge.close();
        }
        assertTrue(Logger.getLogger(GeoServerLogBridge.ROOT).getUseParentHandlers());
        assertNull(Logger.getLogger(GeoServerLogBridge.ROOT).getLevel());
    }

    @Test
    void nothingToBridgeWhenGeoServerLogsThroughJavaUtilLogging() {
        assertNull(GeoServerLogBridge.install(Logger::getLogger));
    }
}
