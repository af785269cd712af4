package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import javax.management.MBeanServer;
import org.junit.jupiter.api.Test;

/** Names of the metrics MBean for several engines in one JVM, as several web applications of one server have. */
class MetricsMBeanTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void twoRegistrationsOfOneBaseNameInOneJvmBothSucceedWithDistinctNames() throws Exception {
        String first = MetricsMBean.freeName("two web applications");
        try (MetricsMBean one = MetricsMBean.register(metrics(1), first)) {
            String second = MetricsMBean.freeName("two web applications");
            try (MetricsMBean other = MetricsMBean.register(metrics(2), second)) {
                assertEquals("two web applications", first);
                assertEquals("two web applications-2", second);
                assertNotEquals(one.objectName(), other.objectName());
                assertEquals(1L, server.getAttribute(one.objectName(), "Renders"));
                assertEquals(2L, server.getAttribute(other.objectName(), "Renders"));
            }
            assertEquals("two web applications-2", MetricsMBean.freeName("two web applications"));
        }
        assertEquals("two web applications", MetricsMBean.freeName("two web applications"));
    }

    @Test
    void aFreeNameTakesTheFirstNumberNobodyHolds() {
        try (MetricsMBean base = MetricsMBean.register(metrics(0), "gaps");
                MetricsMBean third = MetricsMBean.register(metrics(0), "gaps-3")) {
            assertEquals("gaps-2", MetricsMBean.freeName("gaps"));
            assertTrue(server.isRegistered(MetricsMBean.objectName("gaps-3")));
        }
        assertFalse(server.isRegistered(MetricsMBean.objectName("gaps-3")));
    }

    /** Metrics whose every counter is {@code renders} and every other attribute its type's zero. */
    private static FanoutMetricsMXBean metrics(long renders) {
        return (FanoutMetricsMXBean) Proxy.newProxyInstance(
                FanoutMetricsMXBean.class.getClassLoader(),
                new Class<?>[] {FanoutMetricsMXBean.class},
                (proxy, method, args) -> switch (method.getReturnType().getName()) {
                    case "long" -> renders;
                    case "int" -> 0;
                    case "double" -> 0.0;
                    case "boolean" -> proxy == args[0]; // equals
                    default -> method.getName().equals("toString") ? "metrics" : null;
                });
    }
}
