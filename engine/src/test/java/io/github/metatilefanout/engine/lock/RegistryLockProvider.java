package io.github.metatilefanout.engine.lock;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.integration.support.locks.LockRegistry;

/**
 * A lock provider over a Spring Integration {@link LockRegistry}, as GeoServer Cloud adapts its JDBC lock
 * registry: each acquisition obtains the key's lock and tries it within the timeout; each release unlocks
 * it, on the acquiring thread (the registry's locks are thread-bound).
 */
public final class RegistryLockProvider implements LockProvider {

    private final LockRegistry<?> registry;

    public RegistryLockProvider(LockRegistry<?> registry) {
        this.registry = registry;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        java.util.concurrent.locks.Lock lock = registry.obtain(key);
        if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new LockTimeoutException(key, timeout);
        }
        HeldBy heldBy = new HeldBy(key);
        return () -> {
            heldBy.release();
            lock.unlock();
        };
    }
}
