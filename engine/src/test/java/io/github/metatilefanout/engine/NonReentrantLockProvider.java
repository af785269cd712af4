package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A lock provider that is not reentrant, as GeoWebCache's NIO provider is not within one JVM: a thread
 * that asks for a lock it already holds waits like any other (and times out). Such requests are recorded,
 * and a release by a thread other than the acquiring one fails.
 */
final class NonReentrantLockProvider implements LockProvider {

    private final Map<String, Semaphore> permits = new ConcurrentHashMap<>();
    private final Map<String, Thread> holders = new ConcurrentHashMap<>();
    private final List<String> reentrantRequests = new CopyOnWriteArrayList<>();

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        if (holders.get(key) == Thread.currentThread()) {
            reentrantRequests.add(key + " by " + Thread.currentThread().getName());
        }
        Semaphore permit = permits.computeIfAbsent(key, k -> new Semaphore(1));
        if (!permit.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new LockTimeoutException(key, timeout);
        }
        Thread owner = Thread.currentThread();
        holders.put(key, owner);
        return new Lock() {
            private boolean released;

            @Override
            public void release() {
                if (Thread.currentThread() != owner || released) {
                    throw new IllegalStateException("lock '" + key + "' released by "
                            + Thread.currentThread().getName() + ", acquired by " + owner.getName()
                            + (released ? ", already released" : ""));
                }
                released = true;
                holders.remove(key, owner);
                permit.release();
            }
        };
    }

    /** Acquisitions asked for by a thread that already held the key. */
    List<String> reentrantRequests() {
        return reentrantRequests;
    }

    /** Keys held now. */
    int held() {
        return holders.size();
    }
}
