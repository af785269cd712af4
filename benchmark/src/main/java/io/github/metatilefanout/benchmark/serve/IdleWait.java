package io.github.metatilefanout.benchmark.serve;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for background work to end by looking at gauges, for servers that offer no completion signal. */
final class IdleWait {

    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private IdleWait() {}

    static void until(BooleanSupplier idle, Duration timeout, String what)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!idle.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException(what + " still busy after " + timeout.toMillis() + " ms");
            }
            LockSupport.parkNanos(POLL_NANOS);
            if (Thread.interrupted()) {
                throw new InterruptedException("Interrupted while waiting for " + what);
            }
        }
    }
}
