package io.github.metatilefanout.engine.lock;

import io.github.metatilefanout.engine.TileException;
import java.time.Duration;

/** A lock was not obtained within its timeout. */
public class LockTimeoutException extends TileException {

    private static final long serialVersionUID = 1L;

    private final String lockKey;

    public LockTimeoutException(String lockKey, Duration timeout) {
        super("Could not acquire lock '" + lockKey + "' within " + timeout.toMillis() + " ms");
        this.lockKey = lockKey;
    }

    /** The key of the lock that was not obtained. */
    public String lockKey() {
        return lockKey;
    }
}
