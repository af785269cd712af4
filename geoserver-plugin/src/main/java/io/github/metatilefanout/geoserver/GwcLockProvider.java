package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.time.Duration;
import java.util.function.Supplier;
import org.geowebcache.GeoWebCacheException;

/**
 * The engine's locks in GeoServer: a per-key in-process lock with a bounded wait, then GeoWebCache's
 * configured lock provider (memory, or NIO file locks shared by the nodes of a cluster).
 *
 * <p>GeoWebCache's providers wait up to their own timeout (GWC_LOCK_TIMEOUT); taking the in-process lock first bounds every wait
 * between threads of this GeoServer, and leaves GeoWebCache's provider to exclude other processes. Both
 * locks are owned by the acquiring thread and released by it, GeoWebCache's first.
 */
final class GwcLockProvider implements LockProvider {

    private final MemoryLockProvider inProcess = new MemoryLockProvider();
    private final Supplier<org.geowebcache.locks.LockProvider> gwcLocks;

    /** @param gwcLocks GeoWebCache's current lock provider, looked up at each acquisition as it can change */
    GwcLockProvider(Supplier<org.geowebcache.locks.LockProvider> gwcLocks) {
        this.gwcLocks = gwcLocks;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        Lock local = inProcess.acquire(key, timeout);
        try {
            org.geowebcache.locks.LockProvider.Lock shared = gwcLocks.get().getLock(key);
            return () -> {
                try {
                    shared.release();
                } catch (GeoWebCacheException e) {
                    throw new IllegalStateException("Releasing GeoWebCache lock '" + key + "' failed", e);
                } finally {
                    local.release();
                }
            };
        } catch (GeoWebCacheException | RuntimeException e) {
            local.release();
            throw new IllegalStateException("GeoWebCache lock '" + key + "' failed: " + e.getMessage(), e);
        }
    }

    /** Keys locked or waited for in this process; {@code 0} when idle. */
    int activeKeys() {
        return inProcess.activeKeys();
    }
}
