package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** An in-process lock provider that counts the locks held through it, independently of the engine's metrics. */
final class HeldLocks implements LockProvider {

    private final MemoryLockProvider locks = new MemoryLockProvider();
    private final AtomicInteger held = new AtomicInteger();

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        Lock lock = locks.acquire(key, timeout);
        held.incrementAndGet();
        return () -> {
            lock.release();
            held.decrementAndGet();
        };
    }

    /** The locks held through this provider now; {@code 0} once every one is released. */
    int held() {
        return held.get();
    }
}
