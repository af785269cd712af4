package io.github.metatilefanout.geoserver;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * The WARNING lines of the plugin's loggers (under {@value GeoServerLogBridge#GEOSERVER_ROOT}) while open, however
 * GeoServer's logging is set up: through Log4J once a GeoServer test has set it up (whose test profile keeps
 * {@code org.geoserver} at ERROR, so the plugin's loggers get a level of their own here), through {@code
 * java.util.logging} before.
 */
final class LoggedWarnings implements AutoCloseable {

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger julLogger = Logger.getLogger(GeoServerLogBridge.GEOSERVER_ROOT);
    private final Handler julHandler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                lines.add(record.getMessage());
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private final LoggerContext log4j = (LoggerContext) LogManager.getContext(false);
    private final AbstractAppender appender =
            new AbstractAppender("metatile-fanout-warnings", null, null, true, Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    lines.add(event.getMessage().getFormattedMessage());
                }
            };

    LoggedWarnings() {
        julLogger.addHandler(julHandler);
        appender.start();
        LoggerConfig plugin = new LoggerConfig(GeoServerLogBridge.GEOSERVER_ROOT, Level.WARN, false);
        plugin.addAppender(appender, Level.WARN, null);
        log4j.getConfiguration().addLogger(plugin.getName(), plugin);
        log4j.updateLoggers();
    }

    /** The lines logged at WARNING or above, in order. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void close() {
        julLogger.removeHandler(julHandler);
        log4j.getConfiguration().removeLogger(GeoServerLogBridge.GEOSERVER_ROOT);
        log4j.updateLoggers();
        appender.stop();
    }
}
