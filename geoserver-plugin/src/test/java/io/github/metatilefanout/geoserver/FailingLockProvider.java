package io.github.metatilefanout.geoserver;

import java.util.concurrent.atomic.AtomicInteger;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.locks.LockProvider;
import org.geowebcache.locks.MemoryLockProvider;

/**
 * GeoWebCache's memory lock provider, failing as it does on its timeout (a {@code RuntimeException}) for
 * every key that starts with a given prefix, without the 120 s wait.
 */
final class FailingLockProvider implements LockProvider {

    private final MemoryLockProvider locks = new MemoryLockProvider();
    private final String failingPrefix;
    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();

    FailingLockProvider(String failingPrefix) {
        this.failingPrefix = failingPrefix;
    }

    @Override
    public Lock getLock(String lockKey) throws GeoWebCacheException {
        if (lockKey.startsWith(failingPrefix)) {
            failures.incrementAndGet();
            throw new RuntimeException(String.format("Lock acquisition timeout for key [%s].", lockKey));
        }
        Lock lock = locks.getLock(lockKey);
        held.incrementAndGet();
        return () -> {
            held.decrementAndGet();
            lock.release();
        };
    }

    /** Locks taken and not released yet. */
    int held() {
        return held.get();
    }

    int failures() {
        return failures.get();
    }
}
