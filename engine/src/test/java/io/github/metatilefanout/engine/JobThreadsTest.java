package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class JobThreadsTest {

    private static final FanoutSettings POOL_OF_ONE = new FanoutSettings(1, 1, 16, Duration.ofSeconds(30), false);

    /**
     * A request that found a slot as the engine began to close: close() waits until its thread has started, so that
     * the engine's close waits for that thread too and never reports a clean close while it runs (review of 10f14e5).
     */
    @Test
    void closeWaitsForAThreadBeingStartedAndThatThreadIsAmongThoseItWaitsFor() throws Exception {
        CountDownLatch inNewThread = new CountDownLatch(1);
        CountDownLatch startIt = new CountDownLatch(1);
        CountDownLatch endJob = new CountDownLatch(1);
        EngineThreads slowToStart = new EngineThreads("test", "job") {
            @Override
            public Thread newThread(Runnable work) {
                inNewThread.countDown();
                awaitQuietly(startIt);
                return super.newThread(() -> awaitQuietly(endJob));
            }
        };
        JobThreads jobThreads = new JobThreads(
                slowToStart, new EncodingTurns(1), POOL_OF_ONE, new FanoutMetrics(() -> 1, () -> 0, () -> 0, () -> 0));
        AtomicBoolean started = new AtomicBoolean();
        Thread request = new Thread(() -> started.set(jobThreads.tryStart(null)));
        request.start();
        assertTrue(inNewThread.await(10, TimeUnit.SECONDS));

        AtomicBoolean endedAtClose = new AtomicBoolean(true);
        Thread closing = new Thread(() -> {
            jobThreads.close();
            try {
                endedAtClose.set(jobThreads.awaitEnded(System.nanoTime()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        closing.start();
        await("close() has begun")
                .atMost(Duration.ofSeconds(10))
                .until(() -> closing.getState() != Thread.State.NEW && closing.getState() != Thread.State.RUNNABLE);
        startIt.countDown();
        closing.join(10_000);
        request.join(10_000);

        assertTrue(started.get());
        assertFalse(endedAtClose.get(), "close saw the thread being started");
        assertEquals(List.of("metatile-fanout-test-job-1"), jobThreads.aliveNames());
        endJob.countDown();
        assertTrue(jobThreads.awaitEnded(System.nanoTime() + TimeUnit.SECONDS.toNanos(10)));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
