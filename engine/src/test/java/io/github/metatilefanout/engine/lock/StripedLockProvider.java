package io.github.metatilefanout.engine.lock;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** A fixed array of locks chosen by the key's hash, as GeoWebCache's memory lock provider had before 1.26. */
final class StripedLockProvider implements LockProvider {

    private final ReentrantLock[] stripes;

    StripedLockProvider(int stripeCount) {
        stripes = new ReentrantLock[stripeCount];
        for (int i = 0; i < stripeCount; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    int stripeOf(String key) {
        return Math.floorMod(key.hashCode(), stripes.length);
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        ReentrantLock stripe = stripes[stripeOf(key)];
        if (!stripe.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new LockTimeoutException(key, timeout);
        }
        return stripe::unlock;
    }
}
