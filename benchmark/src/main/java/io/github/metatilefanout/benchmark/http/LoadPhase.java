package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Clients at a hit ratio: {@code clients} threads, each sending its next request as soon as the previous
 * one is answered, until {@code requests} requests are answered or {@code duration} has passed, whichever
 * comes first. Request number {@code i} is a hit or a miss as {@link HitPattern} says: a hit asks for a tile
 * of the hot metatiles, stored before the phase by {@link #storeHotTiles}; a miss asks for a tile of a
 * metatile nobody has asked for.
 */
final class LoadPhase {

    private final Target target;

    LoadPhase(Target target) {
        this.target = target;
    }

    /**
     * Takes {@code count} metatiles and asks, one request at a time, for every tile of each, so the server
     * stores them; returns those tiles.
     */
    List<Tile> storeHotTiles(int count) throws IOException, InterruptedException {
        List<Tile> hot = new ArrayList<>();
        for (Metatile metatile : target.metatiles().take(count)) {
            for (Tile tile : metatile.tiles()) {
                Answer answer = target.client().fetch(tile);
                if (!answer.ok()) {
                    throw new IOException(
                            "storing the hot tiles: " + target.client().uri(tile) + " answered "
                                    + (answer.timedOut() ? "nothing within the timeout" : "status " + answer.status()));
                }
                hot.add(tile);
            }
        }
        return hot;
    }

    PhaseResult run(int clients, HitPattern hits, List<Tile> hot, int requests, Duration duration)
            throws IOException, InterruptedException {
        long misses = requests - (long) requests * hits.percent() / 100;
        if (misses > target.metatiles().remaining()) {
            throw new IllegalArgumentException(requests + " requests at " + hits.percent() + " % hits need " + misses
                    + " uncached metatiles; the box and zoom levels have "
                    + target.metatiles().remaining()
                    + " left: widen --bbox or --zoom, or lower --requests");
        }
        if (hits.percent() > 0 && hot.isEmpty()) {
            throw new IllegalArgumentException("a hit ratio above 0 needs hot metatiles: --hot-metatiles 1 or more");
        }
        List<Answer> answers = Collections.synchronizedList(new ArrayList<>(requests));
        AtomicLong next = new AtomicLong();
        AtomicLong missCount = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        target.markGetMaps();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            threads.execute(() -> {
                for (long i = next.getAndIncrement(); i < requests && System.nanoTime() < deadline; ) {
                    Tile tile;
                    if (hits.isHit(i)) {
                        tile = hot.get((int) Math.floorMod(Target.mix(i), (long) hot.size()));
                    } else {
                        missCount.incrementAndGet();
                        tile = Target.someTile(target.metatiles().take(), i);
                    }
                    try {
                        answers.add(target.client().fetch(tile));
                    } catch (IOException e) {
                        answers.add(new Answer(0, 0, null, false));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    i = next.getAndIncrement();
                }
            });
        }
        threads.shutdown();
        boolean ended = threads.awaitTermination(
                duration.plus(target.client().timeout()).toMillis() + 10_000, TimeUnit.MILLISECONDS);
        long elapsed = System.nanoTime() - start;
        if (!ended) {
            threads.shutdownNow();
        }
        String name = String.format("%d clients, %d %% hits", clients, hits.percent());
        return new PhaseResult(name, answers, elapsed, (int) missCount.get(), target.getMapsSinceMark());
    }
}
