package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;

/**
 * Counts every operation the engine asks of its lock provider (each acquisition, obtained or not, and each
 * release; with a provider shared by several processes, each is a round trip) and the locks held now: one from
 * its acquisition until a release that did not fail.
 */
final class CountedLockProvider implements LockProvider {

    private final LockProvider delegate;
    private final FanoutMetrics metrics;

    CountedLockProvider(LockProvider delegate, FanoutMetrics metrics) {
        this.delegate = delegate;
        this.metrics = metrics;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        metrics.lockOperation();
        Lock lock = delegate.acquire(key, timeout);
        metrics.lockTaken();
        return () -> {
            metrics.lockOperation();
            lock.release();
            metrics.lockReleased();
        };
    }
}
