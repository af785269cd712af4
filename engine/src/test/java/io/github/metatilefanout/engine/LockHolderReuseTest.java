package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The threads that hold jobs' locks are kept and reused, one job at a time: a stream of metatiles starts at most
 * as many of them as the pool and its queue hold, and every lock is still released by the thread that took it.
 */
class LockHolderReuseTest {

    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final int METATILES = 12;
    private static final String HOLDER_THREAD = "metatile-fanout-\\d+-locks-\\d+";

    private final HeldLocks memoryLocks = new HeldLocks();
    private final RecordingLockProvider locks = new RecordingLockProvider(memoryLocks);
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final FanoutEngine engine = new FanoutEngine(
            locks,
            LockProtocol.TILE_LOCKS,
            store,
            FanoutSettings.withPoolSize(2).withLockTimeout(BOUND));

    @AfterEach
    void tearDown() {
        engine.close(Duration.ofSeconds(5));
    }

    @Test
    void consecutiveJobsReuseAtMostPoolAndQueueHolderThreads() throws Exception {
        for (int m = 0; m < METATILES; m++) {
            engine.getTile(request(tile("roads", 4L * m, 0), 4, renderer, encoder));
            awaitIdle();
        }

        Set<String> holders = locks.keys().stream()
                .flatMap(key -> locks.acquiringThreads(key).stream())
                .filter(thread -> thread.matches(HOLDER_THREAD))
                .collect(Collectors.toSet());
        int poolAndQueue = engine.settings().poolSize() + engine.settings().queueBound();
        assertTrue(!holders.isEmpty() && holders.size() <= poolAndQueue, "holder threads: " + holders);
        for (int m = 0; m < METATILES; m++) {
            Metatile metatile = metatile(4, tile("roads", 4L * m, 0));
            assertEquals(1, renderer.renders(metatile));
            for (int i = 0; i < metatile.tileCount(); i++) {
                String key = metatile.tile(i).lockKey();
                assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
                assertEquals(locks.acquiringThreads(key), locks.releasingThreads(key), "threads of " + key);
            }
        }
    }

    @Test
    void closeEndsTheIdleHolderThreads() throws Exception {
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        awaitIdle();

        assertTrue(engine.close(BOUND));
        assertEquals(
                0,
                Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> t.isAlive() && t.getName().matches(HOLDER_THREAD))
                        .count());
    }

    private void awaitIdle() {
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && memoryLocks.held() == 0);
    }
}
