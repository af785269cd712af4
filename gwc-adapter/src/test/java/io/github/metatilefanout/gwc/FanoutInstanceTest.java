package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.MetricsMBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.geowebcache.storage.StorageBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The plugins' life in a web application: a name no other web application of the JVM holds, chosen before the
 * engine is built; the metrics in JMX under it, or a warning and no JMX; the log bridge.
 */
class FanoutInstanceTest {

    private static final String BASE = "instance-test";

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final Logger instanceLogger = Logger.getLogger(FanoutInstance.class.getName());
    private final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    private final Handler recorder = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(record);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private final List<String> enginesBuilt = new CopyOnWriteArrayList<>();

    @BeforeEach
    void record() {
        instanceLogger.addHandler(recorder);
    }

    @AfterEach
    void stopRecording() {
        instanceLogger.removeHandler(recorder);
    }

    /** Another web application of the JVM holds the base name: this one starts under the next. */
    @Test
    void anInstanceWhoseBaseNameIsTakenStartsUnderTheNextFreeNameWithItsEngineNamedAlike() throws Exception {
        ObjectName taken = MetricsMBean.objectName(BASE);
        server.registerMBean(new Other(), taken);
        ObjectName next = MetricsMBean.objectName(BASE + "-2");
        try (FanoutInstance instance = new FanoutInstance(BASE, Logger::getLogger, engine(3))) {
            assertEquals(List.of(BASE + "-2"), enginesBuilt);
            assertEquals(3, server.getAttribute(next, "PoolSize"));
            assertEquals("metrics in JMX as " + next, instance.metricsInJmx());
            assertEquals(List.of(), warnings);
        } finally {
            server.unregisterMBean(taken);
        }
        assertFalse(server.isRegistered(next));
    }

    /** Another web application registers the name between this one's choice and its registration. */
    @Test
    void aNameTakenBeforeItIsRegisteredLeavesTheInstanceRunningWithoutJmxAfterOneWarning() throws Exception {
        Function<String, GeoWebCacheEngine> racing = name -> {
            try {
                server.registerMBean(new Other(), MetricsMBean.objectName(name));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return engine(1).apply(name);
        };
        try (FanoutInstance instance = new FanoutInstance(BASE, Logger::getLogger, racing)) {
            assertEquals(List.of(BASE), enginesBuilt);
            assertEquals("no metrics in JMX", instance.metricsInJmx());
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(
                    warnings.get(0).getMessage().startsWith("metatile-fanout " + BASE + " runs without its metrics"),
                    warnings.get(0).getMessage());
        } finally {
            server.unregisterMBean(MetricsMBean.objectName(BASE));
        }
    }

    /** GeoWebCache builds its beans twice in one web application; the second serves and takes over the MBean. */
    @Test
    void aLaterInstanceOfTheSameWebApplicationTakesOverTheNameAndTheMetrics() throws Exception {
        ObjectName name = MetricsMBean.objectName(BASE);
        try (FanoutInstance root = new FanoutInstance(BASE, Logger::getLogger, engine(1))) {
            try (FanoutInstance serving = new FanoutInstance(BASE, Logger::getLogger, engine(2))) {
                assertEquals(List.of(BASE, BASE), enginesBuilt);
                assertEquals("no metrics in JMX", root.metricsInJmx());
                assertEquals(2, server.getAttribute(name, "PoolSize"));

                root.close();

                assertEquals(2, server.getAttribute(name, "PoolSize"), "the serving instance's metrics stay");
            }
            assertFalse(server.isRegistered(name));
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void theLogBridgeIsInstalledBeforeTheEngineIsBuiltAndRemovedIfItCannotBe() {
        Logger root = Logger.getLogger(LogBridge.ROOT);
        Function<String, Logger> hostLoggers = name -> {
            Logger host = Logger.getAnonymousLogger();
            host.setUseParentHandlers(false);
            return host;
        };
        IllegalStateException refused = new IllegalStateException("bad settings");

        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> new FanoutInstance(BASE, hostLoggers, name -> {
                    assertEquals(1, bridges(root), "bridged while the engine is built");
                    throw refused;
                }));

        assertSame(refused, thrown);
        assertEquals(0, bridges(root));
        assertTrue(root.getUseParentHandlers());
        assertFalse(server.isRegistered(MetricsMBean.objectName(BASE)));
    }

    private static long bridges(Logger root) {
        return Arrays.stream(root.getHandlers())
                .filter(LogBridge.class::isInstance)
                .count();
    }

    /** Builds engines of {@code poolSize} threads over a storage broker nothing reaches; records their names. */
    private Function<String, GeoWebCacheEngine> engine(int poolSize) {
        StorageBroker unused = (StorageBroker) Proxy.newProxyInstance(
                StorageBroker.class.getClassLoader(), new Class<?>[] {StorageBroker.class}, (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
        return name -> {
            enginesBuilt.add(name);
            return new GeoWebCacheEngine(
                    name,
                    unused,
                    layer -> null,
                    () -> null,
                    UnaryOperator.identity(),
                    LockProtocol.TILE_LOCKS,
                    FanoutSettings.withPoolSize(poolSize));
        };
    }

    /** Another web application's MBean. */
    public interface OtherMBean {
        int getValue();
    }

    public static final class Other implements OtherMBean {
        @Override
        public int getValue() {
            return 0;
        }
    }
}
