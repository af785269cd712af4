package io.github.metatilefanout.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Client threads that share out batches of requests, each sending its next as the previous one is answered. */
final class ClientDriver implements AutoCloseable {

    @FunctionalInterface
    interface Requester {
        byte[] request(long number) throws Exception;
    }

    @FunctionalInterface
    interface LatencySink {
        void answered(long nanos);
    }

    private static final long BATCH_TIMEOUT_MINUTES = 10;

    private final int clients;
    private final ExecutorService threads;
    private final AtomicLong nextRequest = new AtomicLong();

    ClientDriver(int clients) {
        if (clients < 1) {
            throw new IllegalArgumentException("clients is " + clients + "; allowed range is 1 and up");
        }
        this.clients = clients;
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(clients, task -> {
            Thread thread = new Thread(task, "client-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Sends {@code requests} requests, returns the bytes answered, and passes {@code sink} (unless null) the
     * time of each request under full load: not a client's first (on a server that may have been idle), and
     * answered while requests were left to send.
     */
    long run(int requests, Requester requester, LatencySink sink) throws Exception {
        AtomicInteger left = new AtomicInteger(requests);
        List<Future<Long>> done = new ArrayList<>(clients);
        for (int c = 0; c < clients; c++) {
            done.add(threads.submit(() -> {
                long bytes = 0;
                boolean first = true;
                while (left.getAndDecrement() > 0) {
                    long start = System.nanoTime();
                    bytes += requester.request(nextRequest.getAndIncrement()).length;
                    long nanos = System.nanoTime() - start;
                    // left only decreases: still positive now, it was all along, and no client has stopped
                    if (sink != null && !first && left.get() > 0) {
                        sink.answered(nanos);
                    }
                    first = false;
                }
                return bytes;
            }));
        }
        long bytes = 0;
        try {
            for (Future<Long> client : done) {
                bytes += client.get(BATCH_TIMEOUT_MINUTES, TimeUnit.MINUTES);
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            throw new TimeoutException(
                    "A batch of " + requests + " requests took over " + BATCH_TIMEOUT_MINUTES + " minutes");
        }
        return bytes;
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
