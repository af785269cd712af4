package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import org.geowebcache.GeoWebCacheException;
import org.junit.jupiter.api.Test;

class GwcLockProviderTest {

    private static final Duration WAIT = Duration.ofSeconds(1);

    @Test
    void aFailureOfGeoWebCachesProviderNamesTheKeyAndTheFailureAndHoldsNothing() {
        GwcLockProvider locks = new GwcLockProvider(() -> key -> {
            throw new IllegalStateException("Failed to get lock on " + key + " after 5000ms");
        });

        LockTimeoutException failure = assertThrows(LockTimeoutException.class, () -> locks.acquire("k", WAIT));

        assertEquals(
                "Could not acquire lock 'k': java.lang.IllegalStateException: Failed to get lock on k after 5000ms",
                failure.getMessage());
        assertEquals(0, locks.activeKeys());
    }

    /** The plugin's own file lock provider, configured as GeoWebCache's, times out with the engine's exception. */
    @Test
    void theEnginesOwnTimeoutThroughGeoWebCachesProviderIsPassedOnAsItIs() {
        LockTimeoutException timeout = new LockTimeoutException("k", Duration.ofMillis(5000));
        GwcLockProvider locks = new GwcLockProvider(() -> key -> {
            throw new GeoWebCacheException(timeout.getMessage(), timeout);
        });

        LockTimeoutException failure = assertThrows(LockTimeoutException.class, () -> locks.acquire("k", WAIT));

        assertEquals("Could not acquire lock 'k' within 5000 ms", failure.getMessage());
        assertEquals(0, locks.activeKeys());
    }
}
