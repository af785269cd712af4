package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults that must stay bounded: an {@code Error} from a lock provider, a store or an encoder on an engine
 * thread leaves no lock held; {@link FanoutEngine#close(Duration)} returns within twice its grace period plus
 * a second while its jobs wait for locks held elsewhere.
 */
class BoundedFaultsTest {

    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration BOUND = Duration.ofSeconds(20);

    private final NonReentrantLockProvider locks = new NonReentrantLockProvider();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private FanoutEngine engine;

    @AfterEach
    void tearDown() {
        if (engine != null) {
            engine.close(Duration.ofSeconds(5));
        }
        clients.shutdownNow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"StackOverflowError", "OutOfMemoryError", "AssertionError"})
    void anErrorFromTheLockProviderInAJobLeavesNoLockHeld(String error) throws Exception {
        AtomicInteger jobLockAttempts = new AtomicInteger();
        LockProvider failingEighth = (key, timeout) -> {
            if (key.contains("tile") && isEngineThread() && jobLockAttempts.incrementAndGet() == 8) {
                throw newError(error);
            }
            return locks.acquire(key, timeout);
        };
        engine = new FanoutEngine(
                "test",
                failingEighth,
                LockProtocol.TILE_LOCKS,
                store,
                new FanoutSettings(2, 2, 16, LOCK_TIMEOUT, false));
        TileKey asked = tile("roads", 0, 0);

        engine.getTile(request(asked, 4, renderer, encoder));

        awaitQuiet();
        assertEquals(16, jobLockAttempts.get(), "each tile's lock asked for once");
        assertEquals(15, store.totalPuts(), "every tile but the one whose lock failed");
        TileKey sibling = metatile(4, asked).tile(7);
        assertTimeoutPreemptively(
                Duration.ofSeconds(1),
                () -> engine.getTile(request(sibling, 4, renderer, encoder)),
                "the next request for the metatile waits for no lock");
        awaitQuiet();
    }

    @ParameterizedTest
    @ValueSource(strings = {"store", "encoder"})
    void aStackOverflowOnAPoolThreadLeavesNoLockHeld(String where) throws Exception {
        AtomicInteger failures = new AtomicInteger();
        Supplier<Boolean> failsNow = () -> isEngineThread() && failures.incrementAndGet() == 3;
        TileEncoder encoding = (image, bounds) -> {
            if (where.equals("encoder") && failsNow.get()) {
                throw new StackOverflowError("injected");
            }
            return encoder.encode(image, bounds);
        };
        if (where.equals("store")) {
            store.throwingFor(tile -> failsNow.get(), new StackOverflowError("injected"));
        }
        engine = new FanoutEngine(
                "test", locks, LockProtocol.TILE_LOCKS, store, new FanoutSettings(2, 2, 16, LOCK_TIMEOUT, false));

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoding));

        await().dontCatchUncaughtExceptions().atMost(BOUND).until(() -> failures.get() >= 3);
        awaitQuiet();
        TileKey later = tile("roads", 1, 1);
        assertTimeoutPreemptively(Duration.ofSeconds(1), () -> engine.getTile(request(later, 4, renderer, encoder)));
        awaitQuiet();
    }

    @Test
    void closeReturnsWithinTwiceItsGracePlusASecondWhileJobsWaitForLocksHeldByAnotherProcess(@TempDir Path shared)
            throws Exception {
        List<TileKey> asked =
                List.of(tile("roads", 0, 0), tile("roads", 4, 0), tile("roads", 8, 0), tile("roads", 12, 0));
        List<String> heldElsewhere =
                asked.stream().map(each -> metatile(4, each).tile(5).lockKey()).toList();
        List<String> args = new ArrayList<>(List.of(shared.toString()));
        args.addAll(heldElsewhere);
        try (ChildJvm otherNode = ChildJvm.start(LockHoldingNode.class, args.toArray(String[]::new))) {
            assertTrue(otherNode.awaitLine("held", System.nanoTime() + BOUND.toNanos()), otherNode.output());
            FileLockProvider fileLocks = new FileLockProvider(shared.resolve("locks"));
            engine = new FanoutEngine(
                    "test",
                    fileLocks,
                    LockProtocol.TILE_LOCKS,
                    store,
                    new FanoutSettings(1, 4, 16, LOCK_TIMEOUT, false));
            for (TileKey each : asked) {
                clients.submit(() -> engine.getTile(request(each, 4, renderer, encoder)));
            }
            await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == asked.size());

            Duration grace = Duration.ofSeconds(2);
            long start = System.nanoTime();
            engine.close(grace);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertTrue(took.compareTo(grace.multipliedBy(2).plusSeconds(1)) <= 0, "close took " + took);
        }
    }

    private void awaitQuiet() {
        await().dontCatchUncaughtExceptions()
                .atMost(BOUND)
                .until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertTrue(renderer.everyImageDisposedOnce());
    }

    private static boolean isEngineThread() {
        return Thread.currentThread().getName().startsWith(RawEncoder.POOL_THREAD_PREFIX);
    }

    private static Error newError(String name) {
        return switch (name) {
            case "StackOverflowError" -> new StackOverflowError("injected");
            case "OutOfMemoryError" -> new OutOfMemoryError("injected");
            default -> new AssertionError("injected");
        };
    }
}
