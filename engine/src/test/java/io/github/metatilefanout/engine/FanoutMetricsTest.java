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
import java.util.concurrent.CountDownLatch;
import javax.management.MBeanServer;
import org.junit.jupiter.api.Test;

class FanoutMetricsTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void readableAsAnMBeanUntilUnregistered() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (FanoutEngine engine = new FanoutEngine(
                "test",
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
                assertEquals(0, server.getAttribute(registration.objectName(), "LocksHeld"));
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

    @Test
    void locksHeldCountsEachTileLockOfARunningJobUntilItsTileIsStored() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        RawEncoder encoder = new RawEncoder().poolThreadsGatedBy(gate);
        try (FanoutEngine engine = new FanoutEngine(
                "test",
                new MemoryLockProvider(),
                LockProtocol.TILE_LOCKS,
                new MemoryTileStore(),
                FanoutSettings.withPoolSize(1).withStoreThreads(0))) {
            engine.getTile(request(tile("roads", 0, 0), 4, new ColorRenderer(), encoder));

            // the requested tile stored (on the job's thread, which then releases its lock), the pool's thread held at
            // the gate: the other 15 tiles' locks
            await().atMost(BOUND).until(() -> engine.metrics().getTilesStored() == 1 && encoder.started() == 2);
            assertEquals(15, engine.metrics().getLocksHeld());
            gate.countDown();
            await().atMost(BOUND).until(() -> engine.metrics().getTilesStored() == 16);
            await().atMost(BOUND).until(() -> engine.metrics().getLocksHeld() == 0);
        }
    }
}
