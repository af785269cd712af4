package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.objectstore.S3ProxyProcess;
import io.github.metatilefanout.benchmark.objectstore.S3TileStore;
import io.github.metatilefanout.benchmark.objectstore.ToxiproxyProcess;
import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MapStyle;
import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.benchmark.report.Counts;
import io.github.metatilefanout.benchmark.serve.FanoutServer;
import io.github.metatilefanout.benchmark.serve.Meter;
import io.github.metatilefanout.benchmark.serve.ServingSetup;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The engine on an S3-compatible store a round trip away: S3Proxy ({@link S3ProxyProcess}) in a child process,
 * reached through Toxiproxy ({@link ToxiproxyProcess}) holding every request for {@code latency} ms, never a sleep of
 * ours (at 0 ms through it too, so that only the latency differs); the engine's pool at its default size, {@code
 * storeThreads} store threads; 4x4 RGBA PNG metatiles of the Natural Earth map. Objects are counted straight from
 * S3Proxy. Without Toxiproxy only latency 0 runs, straight to S3Proxy ({@link #runnable}).
 */
final class ObjectStoreHarness implements AutoCloseable {

    static final MetatileGrid GRID = Harness.metatile("4x4");

    private static final String BUCKET = "tiles";

    private final S3ProxyProcess s3;
    private final ToxiproxyProcess toxiproxy;
    private final S3TileStore direct;
    private final FanoutServer server;
    private final Meter meter = new Meter();

    private ObjectStoreHarness(S3ProxyProcess s3, ToxiproxyProcess toxiproxy, URI proxied, FanoutSettings settings)
            throws IOException {
        this.s3 = s3;
        this.toxiproxy = toxiproxy;
        this.direct = new S3TileStore(s3.endpoint(), BUCKET);
        direct.createBucket();
        MapRenderer renderer = new MapRenderer(MapStyle.standard(), Harness.format("png"));
        ServingSetup setup = new ServingSetup(
                GRID,
                renderer,
                new PngTileEncoder(),
                new S3TileStore(proxied, BUCKET),
                new MemoryLockProvider(),
                settings.poolSize(),
                meter);
        this.server = new FanoutServer(setup, LockProtocol.TILE_LOCKS, settings);
    }

    /** Starts S3Proxy and, where there is one, Toxiproxy; latency above 0 fails without Toxiproxy. */
    static ObjectStoreHarness open(int latency, int storeThreads) throws IOException {
        FanoutSettings settings = FanoutSettings.withPoolSize(Counts.resolve("2xcores"))
                .withLockTimeout(ServingSetup.LOCK_TIMEOUT)
                .withStoreThreads(storeThreads);
        boolean proxied = ToxiproxyProcess.binary().isPresent();
        if (latency > 0 && !proxied) {
            throw new IllegalStateException(ToxiproxyProcess.missing() + "; latency " + latency + " ms needs it");
        }
        S3ProxyProcess s3 = S3ProxyProcess.start();
        ToxiproxyProcess toxiproxy = null;
        try {
            URI endpoint = s3.endpoint();
            if (proxied) {
                toxiproxy = ToxiproxyProcess.start();
                endpoint = URI.create("http://127.0.0.1:" + toxiproxy.proxy(s3.port(), Duration.ofMillis(latency)));
            }
            return new ObjectStoreHarness(s3, toxiproxy, endpoint, settings);
        } catch (IOException | RuntimeException e) {
            if (toxiproxy != null) {
                toxiproxy.close();
            }
            s3.close();
            throw e;
        }
    }

    /** Seeds the metatile of {@code tile}: returns once each of its tiles is stored. */
    void seed(TileKey tile) throws Exception {
        server.seed(tile);
    }

    /** Answers a client's request for {@code tile}. */
    byte[] getTile(TileKey tile) throws Exception {
        return server.getTile(tile);
    }

    /** Waits until every tile is stored and every image disposed. */
    void awaitIdle() throws InterruptedException, TimeoutException {
        server.awaitIdle(Duration.ofMinutes(5));
    }

    /** Mean render and encode times in ms since the last call, {@code render.ms} and {@code encode.ms}. */
    List<Result> figures() {
        List<Result> figures = List.of(
                new ScalarResult("render.ms", meter.meanRenderMillis(), "ms", AggregationPolicy.AVG),
                new ScalarResult("encode.ms", meter.meanEncodeMillis(), "ms", AggregationPolicy.AVG));
        meter.reset();
        return figures;
    }

    /** The objects whose key starts with {@code prefix}, such as a layer's name and {@code /}. */
    long objects(String prefix) throws IOException {
        return direct.count(prefix);
    }

    @Override
    public void close() throws Exception {
        try {
            awaitIdle();
        } finally {
            server.close();
            if (toxiproxy != null) {
                toxiproxy.close();
            }
            s3.close();
        }
    }

    /**
     * {@code runs}, each with a {@code latency} parameter (an object store's) kept at 0 only when this machine has no
     * Toxiproxy, or left out if it has no 0: one line says so.
     */
    static List<Profile.Run> runnable(List<Profile.Run> runs, PrintStream console) {
        if (runs.stream().noneMatch(run -> run.params().containsKey("latency"))
                || ToxiproxyProcess.binary().isPresent()) {
            return runs;
        }
        List<Profile.Run> kept = new ArrayList<>();
        List<String> narrowed = new ArrayList<>();
        for (Profile.Run run : runs) {
            List<String> latencies = run.params().get("latency");
            if (latencies == null) {
                kept.add(run);
                continue;
            }
            narrowed.add(run.benchmark().getSimpleName());
            if (latencies.contains("0")) {
                Map<String, List<String>> params = new LinkedHashMap<>(run.params());
                params.put("latency", List.of("0"));
                kept.add(new Profile.Run(
                        run.benchmark(),
                        run.warmupIterations(),
                        run.warmupTime(),
                        run.measurementIterations(),
                        run.measurementTime(),
                        params,
                        run.line()));
            }
        }
        console.println(String.join(", ", narrowed) + ": latency 0 only. " + ToxiproxyProcess.missing());
        return kept;
    }
}
