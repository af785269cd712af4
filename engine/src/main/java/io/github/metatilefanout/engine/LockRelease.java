package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Releasing a lock without letting a failing provider end the thread or skip the rest of the clean-up. */
final class LockRelease {

    private static final Logger LOGGER = Logger.getLogger(LockRelease.class.getName());

    private LockRelease() {}

    /**
     * Releases {@code lock}; a failure of any kind, an {@code Error} included, is logged and counted once, never
     * thrown: the thread goes on releasing its other locks.
     */
    static void logged(LockProvider.Lock lock, String key, FanoutMetrics metrics) {
        try {
            lock.release();
        } catch (Throwable e) {
            metrics.lockReleaseFailed();
            LOGGER.log(Level.SEVERE, String.format(LogMessages.RELEASE_FAILED, key), e);
        }
    }
}
