package io.github.metatilefanout.engine.lock;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-process lock provider with one lock per key, released only by the thread that acquired it.
 *
 * <p>A key's lock exists while some thread holds it or waits for it, and is removed after that, so memory
 * does not grow with the number of keys ever used. Unlike a fixed array of locks chosen by hash (a striped
 * provider), two keys never share a lock, so nested metatile and tile locks cannot deadlock through a hash
 * collision.
 */
public final class MemoryLockProvider implements LockProvider {

    private final ConcurrentHashMap<String, KeyLock> locks = new ConcurrentHashMap<>();

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        KeyLock keyLock = register(key);
        boolean locked = false;
        try {
            locked = keyLock.lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } finally {
            if (!locked) {
                unregister(key);
            }
        }
        if (!locked) {
            throw new LockTimeoutException(key, timeout);
        }
        return new HeldLock(key, keyLock.lock);
    }

    private KeyLock register(String key) {
        return locks.compute(key, (k, existing) -> {
            KeyLock keyLock = existing == null ? new KeyLock() : existing;
            keyLock.users++;
            return keyLock;
        });
    }

    private void unregister(String key) {
        locks.computeIfPresent(key, (k, keyLock) -> --keyLock.users == 0 ? null : keyLock);
    }

    /** A key's lock and how many acquisitions hold or wait for it; {@code users} is guarded by the map. */
    private static final class KeyLock {
        final ReentrantLock lock = new ReentrantLock();
        int users;
    }

    private final class HeldLock implements Lock {
        private final String key;
        private final ReentrantLock lock;
        private final HeldBy heldBy;

        HeldLock(String key, ReentrantLock lock) {
            this.key = key;
            this.lock = lock;
            this.heldBy = new HeldBy(key);
        }

        @Override
        public void release() {
            heldBy.release();
            lock.unlock();
            unregister(key);
        }
    }
}
