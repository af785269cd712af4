package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Releasing a lock without letting a failing provider end the thread or skip the rest of the cleanup. */
final class Locks {

    private static final Logger LOGGER = Logger.getLogger(Locks.class.getName());

    private Locks() {}

    /** Releases {@code lock}; a failure is logged and counted once, never thrown. */
    static void releaseLogged(LockProvider.Lock lock, String key, FanoutMetrics metrics) {
        try {
            lock.release();
        } catch (Throwable e) {
            Failures.rethrowIfFatal(e);
            metrics.lockReleaseFailed();
            LOGGER.log(Level.SEVERE, String.format(LogMessages.RELEASE_FAILED, key), e);
        }
    }
}
