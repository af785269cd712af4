package io.github.metatilefanout.benchmark.cluster;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.integration.support.locks.LockRegistry;

/**
 * The engine's lock provider over a Spring Integration {@link LockRegistry}, as GeoServer Cloud adapts its
 * JDBC lock registry: an acquisition obtains the key's lock and tries it within the timeout, a release
 * unlocks it. The registry's locks are bound to the thread that took them, as the engine's contract asks.
 */
final class RegistryLockProvider implements LockProvider {

    private final LockRegistry<?> registry;

    RegistryLockProvider(LockRegistry<?> registry) {
        this.registry = registry;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        java.util.concurrent.locks.Lock lock = registry.obtain(key);
        if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new LockTimeoutException(key, timeout);
        }
        return lock::unlock;
    }
}
