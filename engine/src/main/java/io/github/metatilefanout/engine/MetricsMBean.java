package io.github.metatilefanout.engine;

import java.lang.management.ManagementFactory;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * An engine's metrics published on the platform MBean server as {@code
 * io.github.metatilefanout:type=FanoutMetrics,name=<name>}, until closed.
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
     * Publishes {@code metrics} under {@code name}.
     *
     * @throws IllegalStateException if the name is taken or not a valid JMX name
     */
    public static MetricsMBean register(FanoutMetricsMXBean metrics, String name) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            ObjectName objectName = new ObjectName(JMX_DOMAIN + ":type=FanoutMetrics,name=" + ObjectName.quote(name));
            server.registerMBean(metrics, objectName);
            return new MetricsMBean(server, objectName);
        } catch (JMException e) {
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
