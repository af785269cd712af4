package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Requests sent at once, each from a thread of its own, for tests of sibling requests. */
final class ConcurrentRequests {

    private ConcurrentRequests() {}

    /**
     * Runs every request on a thread of its own, all released together once every thread has started;
     * returns their results in order. Each wait is bounded (30 s to start, 60 s for the answers).
     */
    static <T> List<T> sendTogether(List<Callable<T>> requests) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(requests.size());
        CountDownLatch allReady = new CountDownLatch(requests.size());
        try {
            List<Callable<T>> released = new ArrayList<>();
            for (Callable<T> request : requests) {
                released.add(() -> {
                    allReady.countDown();
                    assertTrue(requests.size() + " clients started", allReady.await(30, TimeUnit.SECONDS));
                    return request.call();
                });
            }
            List<T> results = new ArrayList<>();
            for (Future<T> result : clients.invokeAll(released, 60, TimeUnit.SECONDS)) {
                results.add(result.get());
            }
            return results;
        } finally {
            clients.shutdownNow();
        }
    }
}
