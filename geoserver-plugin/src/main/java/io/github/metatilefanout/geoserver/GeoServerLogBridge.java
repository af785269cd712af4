package io.github.metatilefanout.geoserver;

import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.geotools.util.logging.Logging;

/**
 * The project's logging in GeoServer. Every logger is named under {@value #GEOSERVER_ROOT} ({@code
 * io.github.metatilefanout.engine.FanoutEngine} becomes {@code org.geoserver.metatilefanout.engine.FanoutEngine}),
 * so GeoServer's logging profiles treat the project's lines as GeoServer's own: the default profile writes
 * its INFO lines (the start-up line among them) to {@code geoserver.log}, the production profile only its
 * warnings, the verbose ones its FINE lines.
 *
 * <p>The plugin's classes take their loggers from {@link #logger}. The engine and settings modules log with
 * {@code java.util.logging} and know nothing of GeoServer: this handler, on their parent logger, hands
 * their records to GeoServer's logger of the mapped name. It is installed only when GeoServer logs through
 * another framework than {@code java.util.logging} (Log4J 2 by default).
 */
final class GeoServerLogBridge extends Handler {

    /** The parent of every logger of the project. */
    static final String ROOT = "io.github.metatilefanout";

    /** Where GeoServer's logging sees the project's loggers. */
    static final String GEOSERVER_ROOT = "org.geoserver.metatilefanout";

    private final Logger root = Logger.getLogger(ROOT);
    private final Function<String, Logger> geoServerLoggers;

    private GeoServerLogBridge(Function<String, Logger> geoServerLoggers) {
        this.geoServerLoggers = geoServerLoggers;
    }

    /** GeoServer's logger for a class of the project. */
    static Logger logger(Class<?> type) {
        return Logging.getLogger(geoServerName(type.getName()));
    }

    /** The name under which GeoServer's logging sees the project's logger {@code name}. */
    static String geoServerName(String name) {
        return name.startsWith(ROOT) ? GEOSERVER_ROOT + name.substring(ROOT.length()) : name;
    }

    /** Installs the bridge over GeoTools' loggers, GeoServer's; {@code null} if there is nothing to bridge. */
    static GeoServerLogBridge install() {
        return install(name -> Logging.getLogger(geoServerName(name)));
    }

    /**
     * @param geoServerLoggers GeoServer's logger for a project logger's name; JUL's own logger for the
     *     project's root means: nothing to bridge
     */
    static GeoServerLogBridge install(Function<String, Logger> geoServerLoggers) {
        Logger root = Logger.getLogger(ROOT);
        Logger target = geoServerLoggers.apply(ROOT);
        if (target.getName() != null && LogManager.getLogManager().getLogger(target.getName()) == target) {
            return null;
        }
        GeoServerLogBridge bridge = new GeoServerLogBridge(geoServerLoggers);
        root.addHandler(bridge);
        root.setUseParentHandlers(false);
        // every record goes to GeoServer's logger, whose configuration decides
        root.setLevel(Level.ALL);
        return bridge;
    }

    @Override
    public void publish(LogRecord record) {
        geoServerLoggers.apply(record.getLoggerName()).log(record);
    }

    @Override
    public void flush() {}

    /** Uninstalls the bridge: the project's records go to {@code java.util.logging}'s handlers again. */
    @Override
    public void close() {
        root.removeHandler(this);
        root.setUseParentHandlers(true);
        root.setLevel(null);
    }
}
