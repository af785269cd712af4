package io.github.metatilefanout.gwc;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Hands the records of the project's {@code java.util.logging} loggers (the engine's, the settings') to the
 * host's loggers, so that they reach its log files under its configuration: GeoServer's or GeoWebCache's
 * loggers from GeoTools' {@code Logging}, backed by Log4J 2. A handler on the project's parent logger {@value
 * #ROOT}, installed only when the host logs through another framework than {@code java.util.logging}.
 *
 * <p>The project's loggers take the level of the host's logger for {@value #ROOT} when the bridge is installed, so
 * that a record the host would drop is not even made; {@link #followHostLevel} takes it again after the host's
 * configuration changed.
 *
 * <p>One bridge per class loader, shared by whoever installs it (GeoWebCache builds its beans twice, in two Spring
 * contexts): the first install sets where records go, the last {@link Installation#close} removes it; guarded by
 * the class.
 */
public final class LogBridge extends Handler {

    /** The parent of every logger of the project. */
    public static final String ROOT = "io.github.metatilefanout";

    private static LogBridge installed;
    private static int installations;

    private final Logger root = Logger.getLogger(ROOT);
    private final Function<String, Logger> hostLoggers;

    private LogBridge(Function<String, Logger> hostLoggers) {
        this.hostLoggers = hostLoggers;
    }

    /** An install of the bridge, closed once its owner stops; closing it again does nothing. */
    @FunctionalInterface
    public interface Installation extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Installs the bridge, unless installed already; nothing when the host logs through {@code
     * java.util.logging} itself.
     *
     * @param hostLoggers the host's logger for a project logger's name; {@code java.util.logging}'s own logger
     *     for {@value #ROOT} means: nothing to bridge
     */
    public static synchronized Installation install(Function<String, Logger> hostLoggers) {
        if (installed == null) {
            Logger target = hostLoggers.apply(ROOT);
            if (target.getName() != null && LogManager.getLogManager().getLogger(target.getName()) == target) {
                return () -> {};
            }
            installed = new LogBridge(hostLoggers);
            installed.root.addHandler(installed);
            installed.root.setUseParentHandlers(false);
            installed.followLevelOf(target);
        }
        installations++;
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false)) {
                release();
            }
        };
    }

    /** Gives the project's loggers the host's level of now, if the bridge is installed. */
    public static synchronized void followHostLevel() {
        if (installed != null) {
            installed.followLevelOf(installed.hostLoggers.apply(ROOT));
        }
    }

    /** Guarded by the class. */
    private void followLevelOf(Logger host) {
        Logger withLevel = host;
        while (withLevel.getLevel() == null && withLevel.getParent() != null) {
            withLevel = withLevel.getParent();
        }
        root.setLevel(withLevel.getLevel() == null ? Level.INFO : withLevel.getLevel());
    }

    private static synchronized void release() {
        if (installed != null && --installations == 0) {
            installed.root.removeHandler(installed);
            installed.root.setUseParentHandlers(true);
            installed.root.setLevel(null);
            installed = null;
        }
    }

    @Override
    public void publish(LogRecord record) {
        hostLoggers.apply(record.getLoggerName()).log(record);
    }

    @Override
    public void flush() {}

    /** Nothing to free: {@link Installation#close} takes the bridge off the project's logger. */
    @Override
    public void close() {}
}
