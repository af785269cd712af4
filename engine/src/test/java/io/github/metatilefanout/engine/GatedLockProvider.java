package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lock provider that makes one chosen acquisition wait for a gate before it reaches the provider: a
 * provider that is slow for one job, or a lock held a while by another node.
 */
final class GatedLockProvider implements LockProvider {

    private final LockProvider delegate;
    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private volatile String gatedKey;
    private volatile int gatedAttempt;
    private volatile CountDownLatch gate;
    private final CountDownLatch reachedGate = new CountDownLatch(1);
    private volatile String gatedThread;

    GatedLockProvider(LockProvider delegate) {
        this.delegate = delegate;
    }

    /** Makes the {@code attempt}-th acquisition of {@code key} (from 1) wait for {@code gate}. */
    GatedLockProvider gating(String key, int attempt, CountDownLatch gate) {
        this.gatedKey = key;
        this.gatedAttempt = attempt;
        this.gate = gate;
        return this;
    }

    /** Whether the gated acquisition has started waiting at the gate within {@code timeout}. */
    boolean awaitGateReached(Duration timeout) throws InterruptedException {
        return reachedGate.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The name of the thread that reached the gate. */
    String gatedThread() {
        return gatedThread;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        int attempt = attempts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        if (key.equals(gatedKey) && attempt == gatedAttempt) {
            gatedThread = Thread.currentThread().getName();
            reachedGate.countDown();
            if (!gate.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new LockTimeoutException(key, timeout);
            }
        }
        return delegate.acquire(key, timeout);
    }
}
