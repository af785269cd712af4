package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.geowebcache.GeoWebCacheException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GwcLockProviderTest {

    private static final Duration WAIT = Duration.ofSeconds(1);

    @Test
    void aFailureOfGeoWebCachesProviderNamesTheKeyAndTheFailureAndHoldsNothing() throws Exception {
        GwcLockProvider locks = new GwcLockProvider(() -> key -> {
            throw new IllegalStateException("Failed to get lock on " + key + " after 5000ms");
        });

        LockTimeoutException failure = assertThrows(LockTimeoutException.class, () -> locks.acquire("k", WAIT));

        assertEquals(
                "Could not acquire lock 'k': java.lang.IllegalStateException: Failed to get lock on k after 5000ms",
                failure.getMessage());
        assertAnotherThreadFailsAlike(locks, failure);
    }

    /**
     * An {@code Error} from GeoWebCache's provider (a stack overflow, a failed assertion) goes on as it is, and leaves
     * the in-process lock free: another thread takes the key within a second.
     */
    @ParameterizedTest
    @ValueSource(classes = {StackOverflowError.class, AssertionError.class})
    void anErrorOfGeoWebCachesProviderLeavesNoInProcessLockHeld(Class<? extends Error> kind) throws Exception {
        Error error = kind.getConstructor().newInstance();
        GwcLockProvider locks = new GwcLockProvider(throwingOnce(error));

        assertSame(error, assertThrows(kind, () -> locks.acquire("k", WAIT)));

        CompletableFuture.runAsync(() -> {
                    try {
                        locks.acquire("k", WAIT).release();
                    } catch (LockTimeoutException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .get(1, TimeUnit.SECONDS);
    }

    /** GeoWebCache's provider throwing {@code error} on the first lock, then handing out locks that do nothing. */
    private static Supplier<org.geowebcache.locks.LockProvider> throwingOnce(Error error) {
        boolean[] thrown = {false};
        return () -> key -> {
            synchronized (thrown) {
                if (!thrown[0]) {
                    thrown[0] = true;
                    throw error;
                }
            }
            return () -> {};
        };
    }

    /** The plugin's own file lock provider, configured as GeoWebCache's, times out with the engine's exception. */
    @Test
    void theEnginesOwnTimeoutThroughGeoWebCachesProviderIsPassedOnAsItIs() throws Exception {
        LockTimeoutException timeout = new LockTimeoutException("k", Duration.ofMillis(5000));
        GwcLockProvider locks = new GwcLockProvider(() -> key -> {
            throw new GeoWebCacheException(timeout.getMessage(), timeout);
        });

        LockTimeoutException failure = assertThrows(LockTimeoutException.class, () -> locks.acquire("k", WAIT));

        assertEquals("Could not acquire lock 'k' within 5000 ms", failure.getMessage());
        assertAnotherThreadFailsAlike(locks, failure);
    }

    /**
     * Another thread gets past the in-process lock and fails in GeoWebCache's provider as the first did, rather than
     * waiting out {@link #WAIT} for an in-process lock left held.
     */
    private static void assertAnotherThreadFailsAlike(GwcLockProvider locks, LockTimeoutException first)
            throws Exception {
        LockTimeoutException again = CompletableFuture.supplyAsync(
                        () -> assertThrows(LockTimeoutException.class, () -> locks.acquire("k", WAIT)))
                .get(10, TimeUnit.SECONDS);
        assertEquals(first.getMessage(), again.getMessage());
    }
}
