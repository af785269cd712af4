package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.store.FileTileStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A node killed ({@code kill -9}) while its job holds the locks of a metatile it has not stored: the
 * operating system drops its file locks, and the next requests, here, render the metatile once more and
 * store every tile, whole.
 */
class NodeKilledTest {

    private static final Duration BOUND = Duration.ofSeconds(30);

    @TempDir
    Path shared;

    @ParameterizedTest
    @EnumSource(LockProtocol.class)
    void theOtherNodesRenderTheMetatileOnceMoreAfterTheHolderIsKilled(LockProtocol protocol) throws Exception {
        FileLockProvider locks = new FileLockProvider(shared.resolve("locks"));
        Metatile metatile = Fixtures.metatile(4, StallingNode.ASKED);
        String heldByTheJob = protocol == LockProtocol.STORING_LOCK
                ? metatile.storingLockKey()
                : metatile.tile(1).lockKey();
        long deadline = System.nanoTime() + BOUND.toNanos();
        try (ChildJvm node = ChildJvm.start(StallingNode.class, shared.toString(), protocol.name())) {
            assertTrue(node.awaitLine("stalled", deadline), "the node did not stall: " + node.output());
            assertThrows(LockTimeoutException.class, () -> locks.acquire(heldByTheJob, Duration.ofMillis(200)));
        } // killed here
        FileTileStore store = new FileTileStore(shared.resolve("tiles"));
        for (int i = 0; i < metatile.tileCount(); i++) {
            assertNull(store.get(metatile.tile(i)), "stored by the killed node");
        }

        ColorRenderer renderer = new ColorRenderer();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try (FanoutEngine engine = new FanoutEngine(
                "test", locks, protocol, store, FanoutSettings.withPoolSize(2).withLockTimeout(BOUND))) {
            List<Future<TileResponse>> siblings = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                TileKey sibling = metatile.tile(i);
                siblings.add(
                        clients.submit(() -> engine.getTile(Fixtures.request(sibling, 4, renderer, new RawEncoder()))));
            }
            for (int i = 1; i <= 4; i++) {
                TileResponse response = siblings.get(i - 1).get(BOUND.toSeconds(), TimeUnit.SECONDS);
                assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(metatile.tile(i))));
            }
            await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);
        } finally {
            clients.shutdownNow();
        }

        assertEquals(1, renderer.totalRenders(), "rendered once more, once");
        for (int i = 0; i < metatile.tileCount(); i++) {
            StoredTile stored = store.get(metatile.tile(i));
            assertTrue(
                    stored != null && RawEncoder.isPlainTile(stored.data(), ColorRenderer.colorOf(metatile.tile(i))));
        }
    }
}
