package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.gwc.LogBridge;
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
 * {@code java.util.logging} and know nothing of GeoServer: the plugin's {@link
 * io.github.metatilefanout.gwc.FanoutInstance} bridges their records to GeoServer's logger of the mapped name, {@link
 * #hostLogger} ({@link LogBridge}).
 */
final class GeoServerLogBridge {

    /** Where GeoServer's logging sees the project's loggers. */
    static final String GEOSERVER_ROOT = "org.geoserver.metatilefanout";

    private GeoServerLogBridge() {}

    /** GeoServer's logger for a class of the project. */
    static Logger logger(Class<?> type) {
        return Logging.getLogger(geoServerName(type.getName()));
    }

    /** The name under which GeoServer's logging sees the project's logger {@code name}. */
    static String geoServerName(String name) {
        return name.startsWith(LogBridge.ROOT) ? GEOSERVER_ROOT + name.substring(LogBridge.ROOT.length()) : name;
    }

    /** GeoServer's logger for the project's logger {@code name}, where the log bridge hands its records. */
    static Logger hostLogger(String name) {
        return Logging.getLogger(geoServerName(name));
    }
}
