package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MapRenderer.PixelFormat;
import io.github.metatilefanout.benchmark.render.MapStyle;
import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.benchmark.serve.FileTileStore;
import io.github.metatilefanout.benchmark.serve.Meter;
import io.github.metatilefanout.benchmark.serve.ServingSetup;
import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.benchmark.serve.TileServer;
import io.github.metatilefanout.benchmark.serve.TileServer.PoolUse;
import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * What a trial measures: one strategy over a fresh file tile store, the Natural Earth renderer and the
 * engine's PNG encoder at GeoServer's defaults, its workload seeded; one node, or a node per lock provider
 * sharing the store, requests going to the nodes in turn. Stores go in {@value #STORE_PROPERTY}, else in
 * {@code /dev/shm} where there is one (a disk's timing varies more than what is measured), else in the
 * temporary folder.
 */
final class Harness implements AutoCloseable {

    static final String STORE_PROPERTY = "benchmark.store";

    /** How long, in ms, each trial is first served to one client ({@link #warmUp()}). */
    static final String WARM_UP_PROPERTY = "benchmark.jitWarmUpMillis";

    /** The engine's INFO lines (its pool size, at every start) would fill the console; warnings still show. */
    private static final Logger ENGINE_LOG = Logger.getLogger("io.github.metatilefanout.engine");

    static {
        ENGINE_LOG.setLevel(Level.WARNING);
    }

    private final Path root;
    private final ServingSetup setup;
    private final Workload workload;
    private final List<TileServer> servers = new ArrayList<>();
    private PoolUse poolUseBefore = PoolUse.NONE;

    Harness(Strategy strategy, String metatile, String format, int poolSize, int hitPercent) throws IOException {
        this(strategy, metatile, format, poolSize, hitPercent, List.of(new MemoryLockProvider()));
    }

    Harness(Strategy strategy, String metatile, String format, int poolSize, int hitPercent, List<LockProvider> nodes)
            throws IOException {
        MetatileGrid grid = metatile(metatile);
        this.root = Files.createTempDirectory(storeFolder(), "metatile-fanout-bench-");
        MapRenderer renderer = new MapRenderer(MapStyle.standard(), format(format));
        this.setup = new ServingSetup(
                grid, renderer, new PngTileEncoder(), new FileTileStore(root), nodes.get(0), poolSize, new Meter());
        this.workload = new Workload(grid, hitPercent, Workload.SEED);
        if (hitPercent > 0 && strategy.caches()) {
            workload.seededMetatiles().parallelStream().forEach(setup::seed);
        }
        for (LockProvider node : nodes) {
            servers.add(strategy.open(setup.withLockProvider(node)));
        }
    }

    /**
     * Serves the workload with one client for {@value #WARM_UP_PROPERTY} ms, then waits until idle: with
     * many clients on few cores the JIT gets little CPU and throughput climbs for tens of seconds.
     */
    void warmUp() throws Exception {
        long end = System.nanoTime()
                + Duration.ofMillis(Long.getLong(WARM_UP_PROPERTY, 0)).toNanos();
        for (long n = 0; System.nanoTime() - end < 0; n++) {
            serve(n);
        }
        awaitIdle();
    }

    ServingSetup setup() {
        return setup;
    }

    /** Answers request {@code i} of the workload, on node {@code i} modulo the nodes; a hit is timed. */
    byte[] serve(long i) throws Exception {
        TileServer server = servers.get((int) (i % servers.size()));
        if (!workload.isHit(i)) {
            return server.getTile(workload.request(i));
        }
        long start = System.nanoTime();
        byte[] data = server.getTile(workload.request(i));
        setup.meter().hit(System.nanoTime() - start);
        return data;
    }

    /** Answers, on the first node, a request for a tile of a metatile not asked for before. */
    byte[] serveMiss() throws Exception {
        return servers.get(0).getTile(workload.nextMiss());
    }

    void awaitIdle() throws InterruptedException, TimeoutException {
        for (TileServer server : servers) {
            server.awaitIdle(Duration.ofMinutes(5));
        }
    }

    /** Once idle, removes the tiles misses stored and starts new figures. */
    void startIteration() throws InterruptedException, TimeoutException {
        awaitIdle();
        try (Stream<Path> layers = Files.list(root)) {
            for (Path layer : (Iterable<Path>) layers::iterator) {
                if (layer.getFileName().toString().startsWith(Workload.MISS_LAYER_PREFIX)) {
                    deleteTree(layer);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cleaning the tile store at " + root + " failed", e);
        }
        setup.meter().reset();
        poolUseBefore = poolUse();
    }

    /**
     * What this harness saw since the iteration started, named {@code prefix + name}: {@code images.peak}
     * (metatile images alive at once), {@code render.ms}, {@code encode.ms} and {@code hit.ms} (means), {@code
     * locks.perMetatile} (acquisitions and releases per render), and where a pool may be full {@code
     * jobs.handedOff} and {@code jobs.ranOnCaller} (metatiles handed to it, and encoded on the request thread).
     */
    List<Result> figures(String prefix) {
        Meter meter = setup.meter();
        PoolUse used = poolUse().since(poolUseBefore);
        List<Result> figures = new ArrayList<>();
        add(figures, prefix + "images.peak", meter.peak(), "images", AggregationPolicy.MAX);
        add(figures, prefix + "render.ms", meter.meanRenderMillis(), "ms", AggregationPolicy.AVG);
        add(figures, prefix + "encode.ms", meter.meanEncodeMillis(), "ms", AggregationPolicy.AVG);
        add(figures, prefix + "hit.ms", meter.meanHitMillis(), "ms", AggregationPolicy.AVG);
        double locks = meter.lockOperationsPerRender();
        add(figures, prefix + "locks.perMetatile", locks > 0 ? locks : Double.NaN, "operations", AggregationPolicy.AVG);
        if (!used.equals(PoolUse.NONE)) {
            add(figures, prefix + "jobs.handedOff", used.handedOff(), "metatiles", AggregationPolicy.SUM);
            add(figures, prefix + "jobs.ranOnCaller", used.ranOnCaller(), "metatiles", AggregationPolicy.SUM);
        }
        return figures;
    }

    /** Adds a figure unless it is NaN (not measured). */
    private static void add(List<Result> figures, String label, double value, String unit, AggregationPolicy policy) {
        if (!Double.isNaN(value)) {
            figures.add(new ScalarResult(label, value, unit, policy));
        }
    }

    private PoolUse poolUse() {
        return servers.stream().map(TileServer::poolUse).reduce(PoolUse.NONE, PoolUse::plus);
    }

    /** Waits until the last request's tiles are stored, then closes the servers and deletes the store. */
    @Override
    public void close() throws Exception {
        try {
            awaitIdle();
        } finally {
            servers.forEach(TileServer::close);
            deleteTree(root);
        }
    }

    /** {@code "<wide>x<high>"}, such as {@code "4x4"}: 256-pixel tiles and no gutter, GeoServer's default. */
    static MetatileGrid metatile(String value) {
        String[] factors = value.split("x");
        if (factors.length != 2) {
            throw new IllegalArgumentException("Metatile '" + value + "' must look like '4x4'");
        }
        return new MetatileGrid(Integer.parseInt(factors[0]), Integer.parseInt(factors[1]), 0);
    }

    /** {@code "png"} (RGBA) or {@code "png8"} (8-bit palette). */
    static PixelFormat format(String value) {
        return switch (value) {
            case "png" -> PixelFormat.RGBA;
            case "png8" -> PixelFormat.PALETTE;
            default -> throw new IllegalArgumentException("Format '" + value + "' is neither 'png' nor 'png8'");
        };
    }

    static Path storeFolder() {
        String configured = System.getProperty(STORE_PROPERTY);
        Path ram = Path.of("/dev/shm");
        return configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Files.isDirectory(ram) && Files.isWritable(ram) ? ram : Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static void deleteTree(Path top) throws IOException {
        try (Stream<Path> paths = Files.walk(top)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}
