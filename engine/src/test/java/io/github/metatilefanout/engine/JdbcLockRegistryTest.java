package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.PostgresLockServer;
import io.github.metatilefanout.engine.store.FileTileStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine behind the lock registry GeoServer Cloud's nodes share: Spring Integration's {@code
 * JdbcLockRegistry} on a real PostgreSQL, started here. Two engines with a registry node each stand for two
 * GeoServer nodes sharing one tile store.
 */
class JdbcLockRegistryTest {

    private static final Duration BOUND = Duration.ofSeconds(30);
    /** Longer than {@link #BOUND}: a request that waited for another job's lock would wait this long. */
    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration TIME_TO_LIVE = Duration.ofSeconds(60);
    private static final int METATILES = 4;
    private static final int SIBLINGS = 16;

    private static PostgresLockServer server;

    private final ExecutorService clients = Executors.newCachedThreadPool();
    private final List<FanoutEngine> engines = new ArrayList<>();

    @TempDir
    Path shared;

    @BeforeAll
    static void startPostgres() throws Exception {
        server = PostgresLockServer.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        server.close();
    }

    @AfterEach
    void tearDown() {
        engines.forEach(engine -> engine.close(Duration.ofSeconds(5)));
        clients.shutdownNow();
    }

    @ParameterizedTest
    @EnumSource(LockProtocol.class)
    void sixteenSiblingsSplitOverTwoNodesRenderEachMetatileOnceAndStoreEachTileOnce(LockProtocol protocol)
            throws Exception {
        RecordingLockProvider[] locks = {
            new RecordingLockProvider(server.node("node-a-" + protocol, TIME_TO_LIVE)),
            new RecordingLockProvider(server.node("node-b-" + protocol, TIME_TO_LIVE))
        };
        CountingStore store = new CountingStore();
        ColorRenderer renderer = new ColorRenderer();
        RawEncoder encoder = new RawEncoder();
        FanoutEngine[] nodes = {engine(locks[0], protocol, store), engine(locks[1], protocol, store)};
        String layer = "pg-" + protocol;

        for (int k = 0; k < METATILES; k++) {
            Metatile metatile = Fixtures.metatile(4, Fixtures.tile(layer, 4L * k, 0));
            CyclicBarrier atOnce = new CyclicBarrier(SIBLINGS);
            List<Future<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < SIBLINGS; i++) {
                TileKey sibling = metatile.tile(i);
                FanoutEngine node = nodes[i % 2];
                answers.add(clients.submit(() -> {
                    atOnce.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                    byte[] data = node.getTile(Fixtures.request(sibling, 4, renderer, encoder))
                            .data();
                    return RawEncoder.isPlainTile(data, ColorRenderer.colorOf(sibling));
                }));
            }
            for (Future<Boolean> answer : answers) {
                assertTrue(answer.get(BOUND.toSeconds(), TimeUnit.SECONDS), "pixels of a sibling");
            }
        }
        for (FanoutEngine node : nodes) {
            await().atMost(BOUND).until(() -> node.metrics().getMetatilesInFlight() == 0);
        }

        assertEquals(METATILES, renderer.rendersByMetatile().size());
        renderer.rendersByMetatile()
                .forEach((metatile, renders) -> assertEquals(1, renders.get(), "renders of " + metatile));
        assertEquals(METATILES * SIBLINGS, store.putsByTile().size());
        store.putsByTile().forEach((tile, puts) -> assertEquals(1, puts.get(), "puts of " + tile));
        for (Metatile metatile : renderer.rendersByMetatile().keySet()) {
            List<String> jobKeys = new ArrayList<>();
            if (protocol == LockProtocol.STORING_LOCK) {
                jobKeys.add(metatile.storingLockKey());
            } else {
                for (int i = 0; i < metatile.tileCount(); i++) {
                    jobKeys.add(metatile.tile(i).lockKey());
                }
            }
            for (String key : jobKeys) {
                assertEquals(1, locks[0].jobHolds(key) + locks[1].jobHolds(key), "holds of " + key + " by a job");
            }
        }
        for (RecordingLockProvider node : locks) {
            for (String key : node.keys()) {
                assertEquals(node.attempts(key), node.releases(key), "releases of " + key);
            }
        }
        assertEquals(0, server.locksHeld(), "locks left in the database");
    }

    @Test
    void aTileLockHeldByAnotherNodeDelaysNoOtherMetatile() throws Exception {
        LockProvider otherNode = server.node("other-node", TIME_TO_LIVE);
        FanoutEngine node =
                engine(server.node("this-node", TIME_TO_LIVE), LockProtocol.TILE_LOCKS, new CountingStore());
        ColorRenderer renderer = new ColorRenderer();
        TileKey askedOfA = Fixtures.tile("held", 0, 0);
        TileKey siblingOfA = Fixtures.tile("held", 3, 3);
        TileKey askedOfB = Fixtures.tile("held", 8, 8);
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        Future<?> holder = clients.submit(() -> {
            LockProvider.Lock held = otherNode.acquire(siblingOfA.lockKey(), BOUND);
            try {
                holding.countDown();
                letGo.await(BOUND.toSeconds() * 2, TimeUnit.SECONDS);
            } finally {
                held.release();
            }
            return null;
        });
        assertTrue(holding.await(BOUND.toSeconds(), TimeUnit.SECONDS));
        Future<TileResponse> a =
                clients.submit(() -> node.getTile(Fixtures.request(askedOfA, 4, renderer, new RawEncoder())));
        await().atMost(BOUND).until(() -> renderer.renders(Fixtures.metatile(4, askedOfA)) == 1);

        TileResponse b = clients.submit(() -> node.getTile(Fixtures.request(askedOfB, 4, renderer, new RawEncoder())))
                .get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertTrue(RawEncoder.isPlainTile(b.data(), ColorRenderer.colorOf(askedOfB)));
        assertFalse(a.isDone(), "the request for A waits for the sibling's lock");
        letGo.countDown();
        holder.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertTrue(RawEncoder.isPlainTile(
                a.get(BOUND.toSeconds(), TimeUnit.SECONDS).data(), ColorRenderer.colorOf(askedOfA)));
        await().atMost(BOUND).until(() -> node.metrics().getMetatilesInFlight() == 0);
        assertEquals(2, renderer.totalRenders());
        assertEquals(0, server.locksHeld(), "locks left in the database");
    }

    @ParameterizedTest
    @EnumSource(LockProtocol.class)
    void aNodeKilledHoldingItsLocksDelaysTheOthersUntilTheRegistryExpiresThem(LockProtocol protocol) throws Exception {
        Metatile metatile = Fixtures.metatile(4, StallingNode.ASKED);
        long deadline = System.nanoTime() + BOUND.toNanos();
        try (ChildJvm node = ChildJvm.start(StallingNode.class, shared.toString(), protocol.name(), server.jdbcUrl())) {
            assertTrue(node.awaitLine("stalled", deadline), "the node did not stall: " + node.output());
        } // killed here, holding its job's locks
        assertTrue(server.locksHeld() > 0, "the killed node's locks are still in the database");
        FileTileStore store = new FileTileStore(shared.resolve("tiles"));
        for (int i = 0; i < metatile.tileCount(); i++) {
            assertNull(store.get(metatile.tile(i)), "stored by the killed node");
        }

        ColorRenderer renderer = new ColorRenderer();
        FanoutEngine survivor =
                engine(server.node("survivor-" + protocol, StallingNode.REGISTRY_TIME_TO_LIVE), protocol, store);
        List<Future<TileResponse>> siblings = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            TileKey sibling = metatile.tile(i);
            siblings.add(
                    clients.submit(() -> survivor.getTile(Fixtures.request(sibling, 4, renderer, new RawEncoder()))));
        }
        for (int i = 1; i <= 4; i++) {
            TileResponse response = siblings.get(i - 1).get(BOUND.toSeconds(), TimeUnit.SECONDS);
            assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(metatile.tile(i))));
        }
        await().atMost(BOUND).until(() -> survivor.metrics().getMetatilesInFlight() == 0);

        assertEquals(1, renderer.totalRenders(), "rendered once more, once");
        for (int i = 0; i < metatile.tileCount(); i++) {
            StoredTile stored = store.get(metatile.tile(i));
            assertTrue(
                    stored != null && RawEncoder.isPlainTile(stored.data(), ColorRenderer.colorOf(metatile.tile(i))));
        }
        assertEquals(0, server.locksHeld(), "locks left in the database");
    }

    private FanoutEngine engine(
            io.github.metatilefanout.engine.lock.LockProvider locks, LockProtocol protocol, TileStore store) {
        FanoutEngine engine = new FanoutEngine(
                "test", locks, protocol, store, FanoutSettings.withPoolSize(2).withLockTimeout(BOUND));
        engines.add(engine);
        return engine;
    }
}
