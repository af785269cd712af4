package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ClientDriverTest {

    @Test
    void oneClientTimesEveryRequestButItsFirstAndTheLast() throws Exception {
        List<Long> timed = new CopyOnWriteArrayList<>();
        try (ClientDriver driver = new ClientDriver(1)) {
            long bytes = driver.run(10, n -> new byte[3], timed::add);

            assertEquals(30, bytes);
            assertEquals(8, timed.size());
            // a second batch starts afresh: its first request is a client's first again
            driver.run(3, n -> new byte[1], timed::add);
            assertEquals(9, timed.size());
        }
        assertTrue(timed.stream().allMatch(nanos -> nanos >= 0), timed.toString());
    }

    @Test
    void severalClientsTimeNeitherTheirFirstRequestsNorThoseAnsweredOnceNoneIsLeft() throws Exception {
        List<Long> timed = new CopyOnWriteArrayList<>();
        List<Long> answered = new CopyOnWriteArrayList<>();
        CountDownLatch everyClientStarted = new CountDownLatch(4);
        ThreadLocal<Boolean> started = ThreadLocal.withInitial(() -> false);
        try (ClientDriver driver = new ClientDriver(4)) {
            driver.run(
                    40,
                    n -> {
                        if (!started.get()) {
                            started.set(true);
                            everyClientStarted.countDown();
                            assertTrue(everyClientStarted.await(1, TimeUnit.MINUTES));
                        }
                        answered.add(n);
                        Thread.sleep(1);
                        return new byte[1];
                    },
                    timed::add);
        }

        assertEquals(40, answered.size());
        // at least each client's first and the very last request are left out
        assertTrue(timed.size() <= 40 - 4 - 1, "timed " + timed.size());
        assertTrue(timed.size() >= 1, "timed " + timed.size());
    }

    @Test
    void withoutASinkNothingIsTimed() throws Exception {
        try (ClientDriver driver = new ClientDriver(2)) {
            assertEquals(8, driver.run(4, n -> new byte[2], null));
        }
    }
}
