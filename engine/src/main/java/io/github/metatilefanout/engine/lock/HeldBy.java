package io.github.metatilefanout.engine.lock;

/**
 * The thread that acquired a lock, which alone may release it, once. Created and used by that thread; a
 * call from another thread only reads the final fields before it throws.
 */
final class HeldBy {

    private final String key;
    private final Thread owner = Thread.currentThread();
    private boolean released;

    HeldBy(String key) {
        this.key = key;
    }

    Thread owner() {
        return owner;
    }

    /**
     * Records the release of the lock.
     *
     * @throws IllegalStateException if the calling thread did not acquire the lock, or released it already
     */
    void release() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("Lock '" + key + "' was acquired by thread " + owner.getName()
                    + " and cannot be released by " + Thread.currentThread().getName());
        }
        if (released) {
            throw new IllegalStateException("Lock '" + key + "' was already released");
        }
        released = true;
    }
}
