package io.github.metatilefanout.gwc;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A WARNING that may happen on every request, logged at most once per interval: the first one is logged, those
 * within the interval after it are counted and left out (not formatted), and the next one logged says how many were.
 * Thread-safe.
 */
final class ThrottledWarning {

    private final Logger logger;
    private final long intervalNanos;
    private final LongSupplier nanoClock;

    /** Guarded by this. */
    private boolean loggedOnce;

    /** Guarded by this. */
    private long lastLogged;

    /** Guarded by this. */
    private long leftOut;

    /** @param nanoClock the time in nanoseconds, {@code System::nanoTime} */
    ThrottledWarning(Logger logger, Duration interval, LongSupplier nanoClock) {
        this.logger = logger;
        this.intervalNanos = interval.toNanos();
        this.nanoClock = nanoClock;
    }

    /** Logs {@code message} at WARNING, unless one was logged within the interval. */
    void log(Supplier<String> message) {
        long missed;
        synchronized (this) {
            long now = nanoClock.getAsLong();
            if (loggedOnce && now - lastLogged < intervalNanos) {
                leftOut++;
                return;
            }
            loggedOnce = true;
            lastLogged = now;
            missed = leftOut;
            leftOut = 0;
        }
        logger.warning(
                missed == 0
                        ? message.get()
                        : message.get() + " (and " + missed + " more like it since the previous line, not logged)");
    }
}
