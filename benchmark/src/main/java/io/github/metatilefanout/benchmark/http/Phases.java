package io.github.metatilefanout.benchmark.http;

import io.github.metatilefanout.benchmark.http.PhaseResult.Answer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phases of a run against one server: its client, the metatiles nobody has asked for yet (each phase
 * takes fresh ones), the GetMap counter and the peers whose CPU time each phase reads (null when not
 * measured).
 */
record Phases(TileClient client, MetatileList metatiles, GetMapCounter getMaps, PeerServers peers) {

    /** How long after a load phase the peers' CPU time is read, so that tiles still being stored count. */
    private static final Duration SETTLE = Duration.ofSeconds(1);

    /** Whether request {@code index} is a hit: exactly {@code percent} of every 100 consecutive requests are. */
    static boolean isHit(long index, int percent) {
        return (index + 1) * percent / 100 > index * percent / 100;
    }

    /**
     * Time to first tile: one client asks for one tile of each of {@code count} uncached metatiles in turn;
     * with {@code drain}, then for the metatile's other tiles, untimed, so the next request meets an idle server.
     */
    PhaseResult firstTile(int count, boolean drain) throws IOException, InterruptedException {
        List<Metatile> taken = metatiles.take(count);
        List<Answer> timed = new ArrayList<>(count);
        long siblings = 0;
        long siblingHits = 0;
        long busy = 0;
        Map<String, Long> cpu = mark();
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
        String name =
                "first tile " + shape(taken) + (drain ? " (siblings " + siblingHits + "/" + siblings + " hits)" : "");
        // tiles/s over the timed requests alone, not the siblings'
        return result(cpu, name, timed, busy, taken.size());
    }

    /** Sibling bursts: for each of {@code count} uncached metatiles, {@code size} of its tiles at once, in turn. */
    PhaseResult bursts(int count, int size) throws IOException, InterruptedException {
        List<Metatile> taken = metatiles.take(count);
        int perBurst = Math.min(size, taken.get(0).size());
        List<Answer> answers = new ArrayList<>(count * perBurst);
        Map<String, Long> cpu = mark();
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
        String name = "sibling bursts " + shape(taken) + ", " + perBurst + " at once";
        return result(cpu, name, answers, System.nanoTime() - start, taken.size());
    }

    /** Takes {@code count} metatiles and asks for every tile of each, one at a time, so the server stores them. */
    List<Tile> storeHotTiles(int count) throws IOException, InterruptedException {
        List<Tile> hot = new ArrayList<>();
        for (Metatile metatile : metatiles.take(count)) {
            for (Tile tile : metatile.tiles()) {
                Answer answer = client.fetch(tile);
                if (!answer.ok()) {
                    throw new IOException(
                            "storing the hot tiles: " + client.uris().apply(tile) + " answered "
                                    + (answer.timedOut() ? "nothing within the timeout" : "status " + answer.status()));
                }
                hot.add(tile);
            }
        }
        return hot;
    }

    /**
     * {@code clients} threads, each sending its next request when the previous one is answered, until
     * {@code requests} are answered or {@code duration} has passed; a hit ({@link #isHit}) asks for one of
     * the {@code hot} tiles, a miss for a tile of an uncached metatile.
     */
    PhaseResult load(int clients, int hits, List<Tile> hot, int requests, Duration duration)
            throws IOException, InterruptedException {
        long misses = requests - (long) requests * hits / 100;
        if (misses > metatiles.remaining()) {
            throw new IllegalArgumentException(requests + " requests at " + hits + " % hits need " + misses
                    + " uncached metatiles; the box and zoom levels have " + metatiles.remaining()
                    + " left: widen --bbox or --zoom, or lower --requests");
        }
        if (hits > 0 && hot.isEmpty()) {
            throw new IllegalArgumentException("a hit ratio above 0 needs hot metatiles: --hot-metatiles 1 or more");
        }
        List<Answer> answers = Collections.synchronizedList(new ArrayList<>(requests));
        AtomicLong next = new AtomicLong();
        AtomicLong missCount = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        Map<String, Long> cpu = mark();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            threads.execute(() -> {
                for (long i = next.getAndIncrement(); i < requests && System.nanoTime() < deadline; ) {
                    boolean hit = isHit(i, hits);
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
        if (peers != null) {
            Thread.sleep(SETTLE.toMillis());
        }
        return result(cpu, clients + " clients, " + hits + " % hits", answers, elapsed, (int) missCount.get());
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

    /** Marks the GetMap log, and returns the peers' CPU time so far. */
    private Map<String, Long> mark() throws IOException, InterruptedException {
        if (getMaps != null) {
            getMaps.mark();
        }
        return peers == null ? Map.of() : peers.cpu();
    }

    /** The phase's result, with the GetMaps since {@link #mark()} and the CPU time since {@code cpu}. */
    private PhaseResult result(Map<String, Long> cpu, String name, List<Answer> answers, long nanos, int metatiles)
            throws IOException, InterruptedException {
        Map<String, Long> used = new TreeMap<>();
        if (peers != null) {
            peers.cpu().forEach((server, millis) -> {
                if (cpu.containsKey(server)) {
                    used.put(server, millis - cpu.get(server));
                }
            });
        }
        return new PhaseResult(name, answers, nanos, metatiles, getMaps == null ? -1 : getMaps.countSinceMark(), used);
    }

    private static String shape(List<Metatile> taken) {
        return taken.get(0).width() + "x" + taken.get(0).height();
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
