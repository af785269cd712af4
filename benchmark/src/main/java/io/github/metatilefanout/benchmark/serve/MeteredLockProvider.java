package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;

/** A lock provider whose every acquisition, obtained or not, and every release a {@link Meter} counts. */
public record MeteredLockProvider(LockProvider locks, Meter meter) implements LockProvider {

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        meter.lockOperation();
        Lock lock = locks.acquire(key, timeout);
        return () -> {
            meter.lockOperation();
            lock.release();
        };
    }
}
