package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.metatilefanout.gwc.LogBridge;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geoserver.config.LoggingInfo;
import org.geoserver.config.impl.GeoServerImpl;
import org.junit.jupiter.api.Test;

class FanoutLogLevelTest {

    private volatile Level geoServerLevel = Level.INFO;

    @Test
    void aSavedLoggingProfileGivesThePluginsLoggersGeoServersNewLevel() {
        GeoServerImpl geoServer = new GeoServerImpl();
        FanoutLogLevel level = new FanoutLogLevel(geoServer);
        Logger root = Logger.getLogger(LogBridge.ROOT);
        try (LogBridge.Installation bridge = LogBridge.install(name -> hostLogger())) {
            level.afterPropertiesSet();
            assertEquals(Level.INFO, root.getLevel());

            geoServerLevel = Level.FINE; // what GeoServer's handleLoggingChange does to Log4J for VERBOSE_LOGGING
            LoggingInfo logging = geoServer.getLogging();
            logging.setLevel("VERBOSE_LOGGING");
            geoServer.save(logging);

            assertEquals(Level.FINE, root.getLevel());
            level.destroy();
            assertFalse(geoServer.getListeners().contains(level));
        }
    }

    /** GeoServer's logger, as GeoTools gives it over Log4J: not JUL's, at Log4J's level of the moment. */
    private Logger hostLogger() {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        logger.setLevel(geoServerLevel);
        return logger;
    }
}
