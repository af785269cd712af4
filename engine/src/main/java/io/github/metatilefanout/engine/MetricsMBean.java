package io.github.metatilefanout.engine;

import java.lang.management.ManagementFactory;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * An engine's metrics published on the platform MBean server as {@code
 * io.github.metatilefanout:type=FanoutMetrics,name=<name>}, until closed.
 *
 * <p>Several web applications of one JVM share the platform MBean server: a host picks a name nobody holds with
 * {@link #freeName} (before it builds its engine, whose threads carry the name too), then {@link #register}s the
 * engine's metrics under it. Another web application may take the name in between; {@code register} then fails and
 * the host runs on without JMX.
 */
public final class MetricsMBean implements AutoCloseable {

    /** The JMX domain of the metrics MBean. */
    public static final String JMX_DOMAIN = "io.github.metatilefanout";

    private final MBeanServer server;
    private final ObjectName objectName;

    private MetricsMBean(MBeanServer server, ObjectName objectName) {
        this.server = server;
        this.objectName = objectName;
    }

    /**
     * The first of {@code base}, {@code base-2}, {@code base-3}, ... that no MBean of this domain holds now.
     *
     * @throws IllegalArgumentException if {@code base} makes no valid JMX name
     */
    public static String freeName(String base) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        String name = base;
        for (int n = 2; server.isRegistered(objectName(name)); n++) {
            name = base + "-" + n;
        }
        return name;
    }

    /**
     * The object name of the metrics published under {@code name}.
     *
     * @throws IllegalArgumentException if {@code name} makes no valid JMX name
     */
    public static ObjectName objectName(String name) {
        try {
            return new ObjectName(JMX_DOMAIN + ":type=FanoutMetrics,name=" + ObjectName.quote(name));
        } catch (JMException e) {
            throw new IllegalArgumentException("'" + name + "' makes no JMX name: " + e.getMessage(), e);
        }
    }

    /**
     * Publishes {@code metrics} under {@code name}.
     *
     * @throws IllegalStateException if the name is taken (another web application may have taken it since {@link
     *     #freeName}), is not a valid JMX name, or the MBean server refuses it
     */
    public static MetricsMBean register(FanoutMetricsMXBean metrics, String name) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            ObjectName objectName = objectName(name);
            server.registerMBean(metrics, objectName);
            return new MetricsMBean(server, objectName);
        } catch (JMException | RuntimeException e) {
            throw new IllegalStateException("Cannot register the metrics MBean '" + name + "': " + e.getMessage(), e);
        }
    }

    public ObjectName objectName() {
        return objectName;
    }

    /** Unregisters the MBean; does nothing if it is already gone. */
    @Override
    public void close() {
        try {
            server.unregisterMBean(objectName);
        } catch (InstanceNotFoundException gone) {
            // unregistered already: what close promises is done
        } catch (JMException e) {
            throw new IllegalStateException(
                    "Cannot unregister the metrics MBean " + objectName + ": " + e.getMessage(), e);
        }
    }
}
