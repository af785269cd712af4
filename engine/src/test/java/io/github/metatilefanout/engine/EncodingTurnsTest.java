package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EncodingTurnsTest {

    private static final Duration BOUND = Duration.ofSeconds(10);
    private static final long TEN_MILLIS = TimeUnit.MILLISECONDS.toNanos(10);

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
    }

    /**
     * The "still waiting" report runs outside the turns' monitor: a log handler reading the queue depth (a JMX read
     * of the engine's metrics) neither blocks nor blocks the jobs giving turns back.
     */
    @Test
    void aWaiterReportsWithoutHoldingTheTurns() throws Exception {
        EncodingTurns turns = new EncodingTurns(1);
        assertTrue(turns.take(TEN_MILLIS, waited -> {}));
        AtomicInteger depthSeenByTheReport = new AtomicInteger(-1);
        Future<Boolean> queued = threads.submit(() -> turns.take(TEN_MILLIS, waited -> {
            try {
                depthSeenByTheReport.compareAndSet(
                        -1,
                        CompletableFuture.supplyAsync(turns::waiting, threads).get(5, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new AssertionError("the report blocked the turns", e);
            }
        }));

        await().atMost(BOUND).until(() -> depthSeenByTheReport.get() >= 0 || queued.isDone());
        turns.give();

        assertTrue(queued.get(5, TimeUnit.SECONDS));
        assertEquals(1, depthSeenByTheReport.get());
    }

    @Test
    void aWaiterLetGoAtCloseTakesNoTurn() throws Exception {
        EncodingTurns turns = new EncodingTurns(1);
        assertTrue(turns.take(TEN_MILLIS, waited -> {}));
        Future<Boolean> queued = threads.submit(() -> turns.take(TEN_MILLIS, waited -> {}));
        await().atMost(BOUND).until(() -> turns.waiting() == 1);

        turns.close();

        assertFalse(queued.get(5, TimeUnit.SECONDS));
        assertEquals(1, turns.encoding());
    }
}
