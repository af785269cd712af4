package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;

import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.store.FileTileStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One process of {@link SeveralProcessesTest}: an engine over the shared file tile store and file locks,
 * and client threads that ask, metatile after metatile, for different tiles of the same metatile at once.
 *
 * <p>Arguments: the shared directory, this node's number, the client threads, the metatiles, the lock
 * protocol. It prints {@code ready}, waits for a line on its standard input, runs, and writes what it
 * counted to {@code node-<n>.txt} in the shared directory, one {@code category key value} per line.
 */
final class ClusterNode {

    static final int META_FACTOR = 4;
    static final int TILES_PER_METATILE = META_FACTOR * META_FACTOR;
    private static final Duration BOUND = Duration.ofSeconds(30);

    private ClusterNode() {}

    /** Metatile {@code k}'s lower-left tile: metatiles are laid out 16 to a row of the fixture grid. */
    static TileKey origin(int k) {
        return Fixtures.tile("shared", (k % 16) * META_FACTOR, (k / 16) * META_FACTOR);
    }

    public static void main(String[] args) throws Exception {
        Path shared = Path.of(args[0]);
        int node = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        int metatiles = Integer.parseInt(args[3]);
        LockProtocol protocol = LockProtocol.valueOf(args[4]);

        RecordingLockProvider locks = new RecordingLockProvider(new FileLockProvider(shared.resolve("locks")));
        CountingStore store = new CountingStore(new FileTileStore(shared.resolve("tiles")));
        ColorRenderer renderer = new ColorRenderer();
        RawEncoder encoder = new RawEncoder();
        FanoutSettings settings = FanoutSettings.withPoolSize(2).withLockTimeout(BOUND);
        Map<Source, AtomicLong> sources = new EnumMap<>(Source.class);
        for (Source source : Source.values()) {
            sources.put(source, new AtomicLong());
        }
        AtomicInteger wrong = new AtomicInteger();
        FanoutEngine engine = new FanoutEngine("test", locks, protocol, store, settings);

        System.out.println("ready");
        System.out.flush();
        String go = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        if (go == null) {
            engine.close();
            return; // the test ended before starting us
        }
        ExecutorService clients = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier inStep = new CyclicBarrier(threads);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int client = node * threads + t;
                done.add(clients.submit(() -> {
                    for (int k = 0; k < metatiles; k++) {
                        inStep.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                        TileKey origin = origin(k);
                        int i = (client + k) % TILES_PER_METATILE;
                        TileKey tile =
                                origin.at(origin.x() + i % META_FACTOR, origin.y() + i / META_FACTOR, origin.z());
                        TileResponse response = engine.getTile(Fixtures.request(tile, META_FACTOR, renderer, encoder));
                        sources.get(response.source()).incrementAndGet();
                        if (!RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(tile))) {
                            wrong.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(BOUND.toSeconds() * 4, TimeUnit.SECONDS);
            }
            await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);
        } finally {
            clients.shutdownNow();
            engine.close();
        }

        try (PrintWriter out = new PrintWriter(
                Files.newBufferedWriter(shared.resolve("node-" + node + ".txt"), StandardCharsets.UTF_8))) {
            renderer.rendersByMetatile().forEach((m, count) -> out.println("render " + m.lockKey() + " " + count));
            store.putsByTile().forEach((tile, count) -> out.println("put " + tile.lockKey() + " " + count));
            for (String key : locks.keys()) {
                out.println("attempts " + key + " " + locks.attempts(key));
                out.println("releases " + key + " " + locks.releases(key));
                out.println("holds " + key + " " + locks.jobHolds(key));
            }
            sources.forEach((source, count) -> out.println("total " + source + " " + count));
            out.println("total wrong " + wrong.get());
            out.println("total failures " + engine.metrics().getFailures());
            out.println("total lockOperations " + engine.metrics().getLockOperations());
            out.println("total recordedLockOperations " + locks.operations());
        }
    }
}
