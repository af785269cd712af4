package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phases of a run against one server: the client that asks it for tiles, the metatiles nobody has
 * asked for yet (each phase takes fresh ones), and the GetMap counter (null when the run counts none).
 */
record Phases(TileClient client, MetatileList metatiles, GetMapCounter getMaps) {

    /**
     * Time to first tile: one client asks for one tile of each of {@code count} uncached metatiles, one
     * after the other, and times each answer. With {@code drain}, it then asks (untimed) for every other
     * tile of the metatile, which waits for the server to have stored them, so the next timed request meets
     * an idle server; without (a zoom level the server does not cache) the next request follows at once.
     */
    PhaseResult firstTile(int count, boolean drain) throws IOException, InterruptedException {
        List<Metatile> taken = metatiles.take(count);
        List<Answer> timed = new ArrayList<>(count);
        long siblings = 0;
        long siblingHits = 0;
        long busy = 0;
        mark();
        for (Metatile metatile : taken) {
            Tile first = someTile(metatile, 0);
            Answer answer = client.fetch(first);
            timed.add(answer);
            busy += answer.nanos();
            for (Tile sibling : drain && !answer.timedOut() ? metatile.tiles() : List.<Tile>of()) {
                if (!sibling.equals(first)) {
                    siblings++;
                    siblingHits += client.fetch(sibling).hit() ? 1 : 0;
                }
            }
        }
        String name = String.format(
                "first tile %dx%d%s",
                taken.get(0).width(),
                taken.get(0).height(),
                drain ? " (siblings " + siblingHits + "/" + siblings + " hits)" : "");
        // tiles/s over the timed requests alone: the wall time would count the untimed sibling requests
        return new PhaseResult(name, timed, busy, taken.size(), getMapsSinceMark());
    }

    /**
     * Sibling bursts: for each of {@code count} uncached metatiles, {@code size} of its tiles asked for at
     * once; the next burst when every answer of this one is in. A server that renders each metatile once
     * dispatches one GetMap per burst.
     */
    PhaseResult bursts(int count, int size) throws IOException, InterruptedException {
        List<Metatile> taken = metatiles.take(count);
        int perBurst = Math.min(size, taken.get(0).size());
        List<Answer> answers = new ArrayList<>(count * perBurst);
        mark();
        long start = System.nanoTime();
        for (Metatile metatile : taken) {
            List<CompletableFuture<Answer>> burst = new ArrayList<>(perBurst);
            for (int i = 0; i < perBurst; i++) {
                burst.add(client.send(metatile.tile(i)));
            }
            for (CompletableFuture<Answer> answer : burst) {
                answers.add(await(answer));
            }
        }
        String name = String.format(
                "sibling bursts %dx%d, %d at once",
                taken.get(0).width(), taken.get(0).height(), perBurst);
        return new PhaseResult(name, answers, System.nanoTime() - start, taken.size(), getMapsSinceMark());
    }

    /** Takes {@code count} metatiles and asks, one request at a time, for every tile of each, so the server stores them. */
    List<Tile> storeHotTiles(int count) throws IOException, InterruptedException {
        List<Tile> hot = new ArrayList<>();
        for (Metatile metatile : metatiles.take(count)) {
            for (Tile tile : metatile.tiles()) {
                Answer answer = client.fetch(tile);
                if (!answer.ok()) {
                    throw new IOException("storing the hot tiles: " + client.uri(tile) + " answered "
                            + (answer.timedOut() ? "nothing within the timeout" : "status " + answer.status()));
                }
                hot.add(tile);
            }
        }
        return hot;
    }

    /**
     * Clients at a hit ratio: {@code clients} threads, each sending its next request as soon as the previous
     * one is answered, until {@code requests} are answered or {@code duration} has passed. Request number
     * {@code i} is a hit or a miss as {@link HitPattern} says: a hit asks for one of the {@code hot} tiles
     * ({@link #storeHotTiles}), a miss for a tile of an uncached metatile.
     */
    PhaseResult load(int clients, HitPattern hits, List<Tile> hot, int requests, Duration duration)
            throws IOException, InterruptedException {
        long misses = requests - (long) requests * hits.percent() / 100;
        if (misses > metatiles.remaining()) {
            throw new IllegalArgumentException(requests + " requests at " + hits.percent() + " % hits need " + misses
                    + " uncached metatiles; the box and zoom levels have " + metatiles.remaining()
                    + " left: widen --bbox or --zoom, or lower --requests");
        }
        if (hits.percent() > 0 && hot.isEmpty()) {
            throw new IllegalArgumentException("a hit ratio above 0 needs hot metatiles: --hot-metatiles 1 or more");
        }
        List<Answer> answers = Collections.synchronizedList(new ArrayList<>(requests));
        AtomicLong next = new AtomicLong();
        AtomicLong missCount = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        mark();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            threads.execute(() -> {
                for (long i = next.getAndIncrement(); i < requests && System.nanoTime() < deadline; ) {
                    boolean hit = hits.isHit(i);
                    Tile tile = hit
                            ? hot.get((int) Math.floorMod(mix(i), (long) hot.size()))
                            : someTile(metatiles.take(), i);
                    missCount.addAndGet(hit ? 0 : 1);
                    try {
                        answers.add(client.fetch(tile));
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
        boolean ended =
                threads.awaitTermination(duration.plus(client.timeout()).toMillis() + 10_000, TimeUnit.MILLISECONDS);
        long elapsed = System.nanoTime() - start;
        if (!ended) {
            threads.shutdownNow();
        }
        String name = String.format("%d clients, %d %% hits", clients, hits.percent());
        return new PhaseResult(name, answers, elapsed, (int) missCount.get(), getMapsSinceMark());
    }

    private Answer await(CompletableFuture<Answer> answer) throws InterruptedException {
        try {
            // every request has its own timeout; this bound only guards against a client that never completes
            return answer.get(client.timeout().toMillis() * 2 + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return new Answer(0, 0, null, false);
        } catch (TimeoutException e) {
            answer.cancel(true);
            return new Answer(client.timeout().toNanos(), 0, null, true);
        }
    }

    private void mark() throws IOException {
        if (getMaps != null) {
            getMaps.mark();
        }
    }

    /** The GetMaps since {@link #mark()}, -1 when not counted or the count was lost. */
    private long getMapsSinceMark() throws IOException {
        return getMaps == null ? -1 : getMaps.countSinceMark();
    }

    /** A tile of {@code metatile} that varies from one metatile to the next, the same in every run. */
    static Tile someTile(Metatile metatile, long salt) {
        long mixed = mix(metatile.minX() * 31 + metatile.minY() * 1_000_003L + metatile.z() + salt);
        return metatile.tile((int) Math.floorMod(mixed, (long) metatile.size()));
    }

    /** A well spread 64-bit hash (SplitMix64's finaliser). */
    static long mix(long value) {
        long z = value * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
