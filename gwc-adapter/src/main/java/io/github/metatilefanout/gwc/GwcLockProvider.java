package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.time.Duration;
import java.util.function.Supplier;
import org.geowebcache.GeoWebCacheException;

/**
 * The engine's locks in GeoWebCache: a per-key in-process lock with a bounded wait, then GeoWebCache's
 * configured lock provider (memory, or NIO file locks shared by the nodes of a cluster).
 *
 * <p>Taking the in-process lock first bounds every wait between threads of this process, and leaves
 * GeoWebCache's provider to exclude other processes. That provider waits up to its own timeout ({@code
 * GWC_LOCK_TIMEOUT}, 120 s by default) and then fails: GeoWebCache 2.0's memory provider with a {@code
 * RuntimeException}, its NIO provider with an {@code IllegalStateException}. Any such failure becomes a
 * {@link LockTimeoutException} naming the key (the one of the plugin's file lock provider is passed on as it is),
 * with the in-process lock released, so nothing stays held; an {@code Error} goes on as it is, the in-process lock
 * released as well.
 * Both locks are owned by the acquiring thread and released by it, GeoWebCache's first.
 */
public final class GwcLockProvider implements LockProvider {

    private final MemoryLockProvider inProcess = new MemoryLockProvider();
    private final Supplier<org.geowebcache.locks.LockProvider> gwcLocks;

    /** @param gwcLocks GeoWebCache's current lock provider, looked up at each acquisition as it can change */
    public GwcLockProvider(Supplier<org.geowebcache.locks.LockProvider> gwcLocks) {
        this.gwcLocks = gwcLocks;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        Lock local = inProcess.acquire(key, timeout);
        org.geowebcache.locks.LockProvider.Lock taken = null;
        try {
            taken = gwcLocks.get().getLock(key);
        } catch (GeoWebCacheException | RuntimeException e) {
            // neither logged nor counted here: the engine logs and counts the lock failure it is handed
            // the plugin's own file lock provider, configured as GeoWebCache's, already says which lock and why
            throw e.getCause() instanceof LockTimeoutException timedOut ? timedOut : new LockTimeoutException(key, e);
        } finally {
            if (taken == null) {
                // whatever GeoWebCache's provider threw, an Error too, no in-process lock outlives the failure
                local.release();
            }
        }
        org.geowebcache.locks.LockProvider.Lock shared = taken;
        return () -> {
            try {
                shared.release();
            } catch (GeoWebCacheException e) {
                throw new IllegalStateException("Releasing GeoWebCache lock '" + key + "' failed", e);
            } finally {
                local.release();
            }
        };
    }
}
