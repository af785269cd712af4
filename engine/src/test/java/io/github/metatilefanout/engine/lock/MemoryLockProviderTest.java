package io.github.metatilefanout.engine.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemoryLockProviderTest {

    private static final Duration SHORT = Duration.ofMillis(50);
    private final MemoryLockProvider provider = new MemoryLockProvider();

    @Test
    void keyIsRegisteredOnlyWhileHeld() throws Exception {
        LockProvider.Lock lock = provider.acquire("a", SHORT);
        assertEquals(1, activeKeys());
        lock.release();
        assertEquals(0, activeKeys());
    }

    @Test
    void isReentrantForTheOwningThread() throws Exception {
        LockProvider.Lock outer = provider.acquire("a", SHORT);
        LockProvider.Lock inner = provider.acquire("a", SHORT);
        inner.release();
        assertEquals(1, activeKeys());
        outer.release();
        assertEquals(0, activeKeys());
    }

    @Test
    void excludesOtherThreadsUntilTimeoutWithAClearMessage() throws Exception {
        LockProvider.Lock held = provider.acquire("gwc_tile_x", SHORT);
        try {
            CompletableFuture<Throwable> other = CompletableFuture.supplyAsync(() -> {
                try {
                    provider.acquire("gwc_tile_x", SHORT).release();
                    return null;
                } catch (Exception e) {
                    return e;
                }
            });
            Throwable failure = other.get(10, TimeUnit.SECONDS);
            assertTrue(failure instanceof LockTimeoutException);
            assertEquals("Could not acquire lock 'gwc_tile_x' within 50 ms", failure.getMessage());
        } finally {
            held.release();
        }
        assertEquals(0, activeKeys());
    }

    @Test
    void differentKeysNeverShareALock() throws Exception {
        // "Aa" and "BB" have the same hash
        LockProvider.Lock aa = provider.acquire("Aa", SHORT);
        try {
            CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(() -> {
                try {
                    provider.acquire("BB", SHORT).release();
                    return true;
                } catch (Exception e) {
                    return false;
                }
            });
            assertTrue(other.get(10, TimeUnit.SECONDS));
        } finally {
            aa.release();
        }
    }

    @Test
    void onlyTheOwningThreadReleasesAndOnlyOnce() throws Exception {
        LockProvider.Lock lock = provider.acquire("a", SHORT);
        Throwable fromOther = CompletableFuture.supplyAsync(() -> {
                    try {
                        lock.release();
                        return null;
                    } catch (IllegalStateException e) {
                        return e;
                    }
                })
                .get(10, TimeUnit.SECONDS);
        assertTrue(fromOther.getMessage().contains("cannot be released by"), fromOther.getMessage());

        lock.release();
        IllegalStateException twice = assertThrows(IllegalStateException.class, lock::release);
        assertTrue(twice.getMessage().contains("already released"));
        assertEquals(0, activeKeys());
    }

    @Test
    void interruptedWaiterLeavesNoRegistration() throws Exception {
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> provider.acquire("a", SHORT));
        assertEquals(0, activeKeys());
    }

    /** Keys with a lock held or waited for now: the size of the provider's private map. */
    private int activeKeys() throws ReflectiveOperationException {
        Field locks = MemoryLockProvider.class.getDeclaredField("locks");
        locks.setAccessible(true);
        return ((Map<?, ?>) locks.get(provider)).size();
    }
}
