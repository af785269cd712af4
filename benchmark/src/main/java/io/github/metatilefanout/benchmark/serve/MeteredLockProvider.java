package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;

/**
 * A lock provider whose every acquisition, obtained or not, and every release a {@link Meter} counts, and
 * whose locks held it follows.
 */
public record MeteredLockProvider(LockProvider locks, Meter meter) implements LockProvider {

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        Lock lock;
        try {
            lock = locks.acquire(key, timeout);
        } catch (LockTimeoutException | InterruptedException | RuntimeException e) {
            meter.acquired(false);
            throw e;
        }
        meter.acquired(true);
        return () -> {
            lock.release();
            meter.released();
        };
    }
}
