package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LogBridgeTest {

    private final List<String> hostLog = new CopyOnWriteArrayList<>();
    private final Logger root = Logger.getLogger(LogBridge.ROOT);
    private final Logger engine = Logger.getLogger("io.github.metatilefanout.engine.FanoutEngine");

    /** The level the host's configuration gives its loggers. */
    private volatile Level hostLevel = Level.INFO;

    /** The host's logger for a name, as GeoTools gives it when the host logs through Log4J: not JUL's. */
    private Logger hostLogger(String name) {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        logger.setLevel(hostLevel); // as GeoTools' Log4J adapter answers Log4J's level of the moment
        logger.setFilter(record -> {
            hostLog.add(name + " " + record.getLevel() + " " + record.getMessage());
            return false;
        });
        return logger;
    }

    @Test
    void engineRecordsGoToTheHostsLoggerOfTheSameNameOnceUntilTheLastInstallationCloses() {
        LogBridge.Installation first = LogBridge.install(this::hostLogger);
        LogBridge.Installation second = LogBridge.install(this::hostLogger); // a second Spring context
        try {
            engine.warning("a warning");
            engine.fine("a detail");
            assertEquals(List.of("io.github.metatilefanout.engine.FanoutEngine WARNING a warning"), hostLog);
            assertEquals(1, bridges());
            assertFalse(root.getUseParentHandlers());

            first.close();
            first.close(); // once only
            engine.warning("another");
            assertEquals(2, hostLog.size(), "still bridged: " + hostLog);
        } finally {
            second.close();
        }
        assertEquals(0, bridges());
        assertTrue(root.getUseParentHandlers());
        assertNull(root.getLevel());
    }

    @Test
    void recordsBelowTheHostsLevelAreNotMadeUntilTheHostsLevelIsFollowedAgain() {
        try (LogBridge.Installation bridge = LogBridge.install(this::hostLogger)) {
            engine.fine(() -> {
                throw new AssertionError("a FINE message formatted while the host logs INFO");
            });
            assertEquals(Level.INFO, root.getLevel());

            hostLevel = Level.FINE; // the admin picks a verbose logging profile
            LogBridge.followHostLevel();
            engine.fine("a detail");

            assertEquals(List.of("io.github.metatilefanout.engine.FanoutEngine FINE a detail"), hostLog);
        }
        assertNull(root.getLevel());
    }

    @Test
    void nothingToBridgeWhenTheHostLogsThroughJavaUtilLogging() {
        LogBridge.Installation none = LogBridge.install(Logger::getLogger);
        assertEquals(0, bridges());
        none.close();
        assertTrue(root.getUseParentHandlers());
    }

    private long bridges() {
        return Arrays.stream(root.getHandlers())
                .filter(LogBridge.class::isInstance)
                .count();
    }
}
