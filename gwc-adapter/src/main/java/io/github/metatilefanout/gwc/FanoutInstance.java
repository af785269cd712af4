package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.MetricsMBean;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The plugin's life in one web application, as both hosts (GeoServer's {@code GeoServerFanout}, standalone
 * GeoWebCache's {@code GeoWebCacheFanout}) start and stop it: the log bridge ({@link LogBridge}), so that what the
 * settings and the engine log reaches the host's log; the instance's name; the engine built for that name ({@link
 * GeoWebCacheEngine}); its metrics in JMX under that name ({@link MetricsMBean}). {@link #close} undoes them in the
 * reverse order.
 *
 * <p><b>Names.</b> The web applications of one JVM share the platform MBean server (two GeoServers in one Tomcat,
 * Tomcat's parallel deployment). An instance takes the first of {@code <base>}, {@code <base>-2}, ... that no MBean
 * holds ({@link MetricsMBean#freeName}) before its engine is built, so that the engine is named alike. Within one web
 * application (one class loader) a later instance of a base takes over the name and the MBean of the earlier one:
 * GeoWebCache builds its beans twice, in its root context and in its dispatcher servlet's, and the second serves. If
 * the name cannot be registered (taken since it was found free, or refused), a WARNING says so and the instance runs
 * without JMX: a web application never fails to start for its metrics.
 *
 * <p>{@link #published}, {@link #mbean} and {@link #closed} are guarded by the class.
 */
public final class FanoutInstance implements AutoCloseable {

    private static final Logger LOGGER = Logger.getLogger(FanoutInstance.class.getName());

    /** Per base name, the instance of this web application whose metrics JMX shows. */
    private static final Map<String, FanoutInstance> published = new HashMap<>();

    private final LogBridge.Installation logBridge;
    private final String base;
    private final String name;
    private final GeoWebCacheEngine engine;
    private MetricsMBean mbean;
    private boolean closed;

    /**
     * Installs the log bridge, names the instance, builds its engine and publishes its metrics in JMX.
     *
     * @param base the name this instance takes if it is free: {@code geoserver}, {@code geowebcache}
     * @param hostLoggers the host's logger for a project logger's name ({@link LogBridge#install})
     * @param engines builds the engine of the given name, once the log bridge is installed
     * @throws RuntimeException whatever {@code engines} threw, the log bridge removed
     */
    public FanoutInstance(
            String base, Function<String, Logger> hostLoggers, Function<String, GeoWebCacheEngine> engines) {
        this.logBridge = LogBridge.install(hostLoggers);
        this.base = base;
        try {
            this.name = nameFor(base);
            this.engine = engines.apply(name);
        } catch (RuntimeException | Error e) {
            logBridge.close();
            throw e;
        }
        publish();
    }

    /** The name this web application has for {@code base}: its published instance's, or the first free one. */
    private static synchronized String nameFor(String base) {
        FanoutInstance previous = published.get(base);
        return previous != null ? previous.name : MetricsMBean.freeName(base);
    }

    private void publish() {
        synchronized (FanoutInstance.class) {
            FanoutInstance previous = published.remove(base);
            if (previous != null) {
                previous.unregister();
            }
            try {
                mbean = MetricsMBean.register(engine.engine().metrics(), name);
                published.put(base, this);
            } catch (IllegalStateException e) {
                LOGGER.log(
                        Level.WARNING,
                        "metatile-fanout " + name + " runs without its metrics in JMX: " + e.getMessage(),
                        e);
            }
        }
    }

    /** Takes the metrics out of JMX, if they are there; a failure is logged, never thrown. Guarded by the class. */
    private void unregister() {
        if (mbean == null) {
            return;
        }
        try {
            mbean.close();
        } catch (IllegalStateException e) {
            LOGGER.log(Level.WARNING, "metatile-fanout " + name + ": " + e.getMessage(), e);
        }
        mbean = null;
    }

    public GeoWebCacheEngine engine() {
        return engine;
    }

    /**
     * Where the metrics are, for the host's start-up line: {@code metrics in JMX as <object name>}, or {@code no
     * metrics in JMX} after the WARNING that says why.
     */
    public String metricsInJmx() {
        synchronized (FanoutInstance.class) {
            return mbean == null ? "no metrics in JMX" : "metrics in JMX as " + mbean.objectName();
        }
    }

    /**
     * Takes the metrics out of JMX (unless a later instance of this web application took them over), closes the
     * engine and removes the log bridge; closing again does nothing.
     */
    @Override
    public void close() {
        synchronized (FanoutInstance.class) {
            if (closed) {
                return;
            }
            closed = true;
            published.remove(base, this);
            unregister();
        }
        try {
            engine.close();
        } finally {
            logBridge.close();
        }
    }
}
