package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import io.github.metatilefanout.engine.store.MemoryTileStore;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.MBeanServer;
import org.junit.jupiter.api.Test;

class FanoutMetricsTest {

    @Test
    void readableAsAnMBeanUntilUnregistered() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (FanoutEngine engine = new FanoutEngine(
                new MemoryLockProvider(),
                LockProtocol.TILE_LOCKS,
                new MemoryTileStore(),
                FanoutSettings.withPoolSize(3))) {
            engine.getTile(request(tile("roads", 0, 0), 4, new ColorRenderer(), new RawEncoder()));
            await().atMost(Duration.ofSeconds(20)).until(() -> engine.metrics().getTilesStored() == 16);
            // the metatile lock, the requested tile's lock, then each tile's: 18 acquisitions, 18 releases
            await().atMost(Duration.ofSeconds(20)).until(() -> engine.metrics().getLockOperations() == 36);

            try (MetricsMBean registration = MetricsMBean.register(engine.metrics(), "test engine")) {
                assertEquals(1L, server.getAttribute(registration.objectName(), "Renders"));
                assertEquals(16L, server.getAttribute(registration.objectName(), "TilesStored"));
                assertEquals(3, server.getAttribute(registration.objectName(), "PoolSize"));
                assertEquals(36L, server.getAttribute(registration.objectName(), "LockOperations"));
                assertEquals(36.0, server.getAttribute(registration.objectName(), "LockOperationsPerRender"));
                assertEquals(
                        "io.github.metatilefanout:type=FanoutMetrics,name=\"test engine\"",
                        registration.objectName().toString());
                IllegalStateException taken = assertThrows(
                        IllegalStateException.class, () -> MetricsMBean.register(engine.metrics(), "test engine"));
                assertFalse(taken.getMessage().isEmpty());
                registration.close();
                assertFalse(server.isRegistered(registration.objectName()));
            }
        }
    }
}
