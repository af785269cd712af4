package io.github.metatilefanout.engine.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.MetatileGeometry.Coverage;
import io.github.metatilefanout.engine.TileKey;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two requests each hold their metatile's lock and then take a tile lock of their own metatile, as the
 * engine does. When the tile key of one shares a stripe with the metatile key of the other, a striped
 * provider deadlocks; the per-key memory provider does not.
 */
class NestedLockingDeadlockTest {

    private static final Duration WAIT = Duration.ofSeconds(2);
    private static final MetatileGeometry GEOMETRY = new MetatileGeometry(4, 4, 256, 256, 0);
    private static final Coverage COVERAGE = new Coverage(8, 0, 0, 255, 255);

    @Test
    void stripedProviderDeadlocksOnCrossedCollisions() throws Exception {
        StripedLockProvider striped = new StripedLockProvider(16);
        Crossed crossed = Crossed.find(striped);

        List<String> outcomes = runBoth(striped, crossed, true);

        // the cycle was seen; it ends when the first waiter times out and lets go of its metatile lock
        assertTrue(outcomes.contains("timed out"), outcomes.toString());
    }

    @Test
    void perKeyProviderCompletesTheSameSchedule() throws Exception {
        Crossed crossed = Crossed.find(new StripedLockProvider(16));

        List<String> outcomes = runBoth(new MemoryLockProvider(), crossed, false);

        assertEquals(List.of("locked", "locked"), outcomes);
    }

    /**
     * Runs the two requests; each holds its metatile lock, waits for the other to hold its own, then asks
     * for its tile lock. With {@code expectDeadlock}, checks that the JVM sees a deadlock cycle while they
     * wait.
     */
    private static List<String> runBoth(LockProvider provider, Crossed crossed, boolean expectDeadlock)
            throws Exception {
        CyclicBarrier bothHoldMetatiles = new CyclicBarrier(2);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(
                () -> nested(provider, crossed.firstMetatile, crossed.firstTile, bothHoldMetatiles));
        CompletableFuture<String> second = CompletableFuture.supplyAsync(
                () -> nested(provider, crossed.secondMetatile, crossed.secondTile, bothHoldMetatiles));
        if (expectDeadlock) {
            long[] deadlocked = null;
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (deadlocked == null && System.nanoTime() < deadline) {
                deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
                Thread.onSpinWait();
            }
            assertNotNull(deadlocked, "expected a deadlock cycle between the two requests");
            assertEquals(2, deadlocked.length);
        }
        return List.of(first.get(30, TimeUnit.SECONDS), second.get(30, TimeUnit.SECONDS));
    }

    private static String nested(LockProvider provider, String metatileKey, String tileKey, CyclicBarrier barrier) {
        try {
            LockProvider.Lock metatileLock = provider.acquire(metatileKey, WAIT);
            try {
                barrier.await(30, TimeUnit.SECONDS);
                provider.acquire(tileKey, WAIT).release();
                return "locked";
            } catch (LockTimeoutException e) {
                return "timed out";
            } finally {
                metatileLock.release();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Two metatiles whose tile keys each share a stripe with the other's metatile key. */
    private record Crossed(String firstMetatile, String firstTile, String secondMetatile, String secondTile) {

        static Crossed find(StripedLockProvider striped) {
            Metatile first = GEOMETRY.metatileOf(new TileKey("roads", "EPSG:3857", "png", null, 0, 0, 8), COVERAGE);
            for (long x = 4; x < 256; x += 4) {
                Metatile second =
                        GEOMETRY.metatileOf(new TileKey("roads", "EPSG:3857", "png", null, x, 0, 8), COVERAGE);
                int firstStripe = striped.stripeOf(first.lockKey());
                int secondStripe = striped.stripeOf(second.lockKey());
                if (firstStripe == secondStripe) {
                    continue;
                }
                String firstTile = tileInStripe(first, striped, secondStripe);
                String secondTile = tileInStripe(second, striped, firstStripe);
                if (firstTile != null && secondTile != null) {
                    assertNotEquals(first.lockKey(), second.lockKey());
                    return new Crossed(first.lockKey(), firstTile, second.lockKey(), secondTile);
                }
            }
            throw new AssertionError("no crossed collision found");
        }

        private static String tileInStripe(Metatile metatile, StripedLockProvider striped, int stripe) {
            for (int i = 0; i < metatile.tileCount(); i++) {
                String key = metatile.tile(i).lockKey();
                if (striped.stripeOf(key) == stripe) {
                    return key;
                }
            }
            return null;
        }
    }

    @Test
    void crossedCollisionIsReal() {
        StripedLockProvider striped = new StripedLockProvider(16);
        Crossed crossed = Crossed.find(striped);
        assertEquals(striped.stripeOf(crossed.firstTile()), striped.stripeOf(crossed.secondMetatile()));
        assertEquals(striped.stripeOf(crossed.secondTile()), striped.stripeOf(crossed.firstMetatile()));
        assertTrue(!crossed.firstMetatile().equals(crossed.secondMetatile()));
    }
}
