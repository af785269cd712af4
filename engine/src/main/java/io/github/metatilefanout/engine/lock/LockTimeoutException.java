package io.github.metatilefanout.engine.lock;

import io.github.metatilefanout.engine.TileException;
import java.time.Duration;

/** A lock was not obtained: its timeout passed, or the lock provider failed. */
public class LockTimeoutException extends TileException {

    private static final long serialVersionUID = 1L;

    public LockTimeoutException(String lockKey, Duration timeout) {
        super("Could not acquire lock '" + lockKey + "' within " + timeout.toMillis() + " ms");
    }

    /** The lock provider failed on {@code lockKey}, for instance on a timeout of its own. */
    public LockTimeoutException(String lockKey, Throwable providerFailure) {
        super("Could not acquire lock '" + lockKey + "': " + providerFailure, providerFailure);
    }
}
