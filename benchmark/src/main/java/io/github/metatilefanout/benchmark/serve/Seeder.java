package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.Metatile;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Stores every tile of some metatiles before measuring, as a seeding task would. */
public final class Seeder {

    private static final long TIMEOUT_MINUTES = 10;

    private Seeder() {}

    /** Renders {@code metatiles} on {@code threads} threads, encodes and stores all their tiles. */
    public static void seed(ServingSetup setup, List<Metatile> metatiles, int threads) {
        ExecutorService seeders = Executors.newFixedThreadPool(threads);
        try {
            List<Future<byte[]>> done = new ArrayList<>();
            for (Metatile metatile : metatiles) {
                done.add(seeders.submit(() -> SequentialServer.renderAndStoreAll(setup, metatile, 0)));
            }
            for (Future<byte[]> seeded : done) {
                seeded.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Seeding failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while seeding", e);
        } finally {
            seeders.shutdownNow();
        }
    }
}
