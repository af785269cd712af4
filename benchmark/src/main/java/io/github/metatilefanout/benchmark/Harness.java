package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MapStyle;
import io.github.metatilefanout.benchmark.serve.Meter;
import io.github.metatilefanout.benchmark.serve.MeteredLockProvider;
import io.github.metatilefanout.benchmark.serve.PoolUse;
import io.github.metatilefanout.benchmark.serve.ServingSetup;
import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.benchmark.serve.TileServer;
import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import io.github.metatilefanout.engine.store.FileTileStore;
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
 * One strategy over a fresh file tile store in a folder of its own (see {@link TileStoreFolder}), the
 * Natural Earth renderer and the engine's PNG tile encoder with GeoServer's defaults, with its workload
 * seeded: what a benchmark trial measures. One node with an in-process lock provider, or several nodes
 * (a server each, sharing the store) with a lock provider each; requests go to the nodes in turn, as a
 * load balancer sends them.
 */
final class Harness implements AutoCloseable {

    /** The longest wait for a server's background work. */
    static final Duration IDLE_TIMEOUT = Duration.ofMinutes(5);

    /**
     * The system property giving, in milliseconds, how long each trial is first served to one client (see
     * {@link #warmUp()}); the profiles set it.
     */
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

    /** One node with an in-process lock provider. */
    Harness(Strategy strategy, String metatile, String format, int poolSize, int hitPercent) throws IOException {
        this(strategy, metatile, format, poolSize, hitPercent, List.of(new MemoryLockProvider()));
    }

    /** A node per lock provider of {@code nodes}. */
    Harness(Strategy strategy, String metatile, String format, int poolSize, int hitPercent, List<LockProvider> nodes)
            throws IOException {
        MetatileGeometry geometry = Sizes.metatile(metatile);
        this.root = TileStoreFolder.create();
        Meter meter = new Meter();
        this.setup = new ServingSetup(
                geometry,
                new MapRenderer(MapStyle.standard(), Sizes.format(format)),
                new PngTileEncoder(),
                new FileTileStore(root),
                new MeteredLockProvider(nodes.get(0), meter),
                poolSize,
                meter);
        this.workload = new Workload(geometry, hitPercent, Workload.SEED);
        if (hitPercent > 0 && strategy.caches()) {
            workload.seededMetatiles().parallelStream().forEach(setup::seed); // on every core
        }
        servers.add(strategy.open(setup));
        for (LockProvider node : nodes.subList(1, nodes.size())) {
            servers.add(strategy.open(setup.withLockProvider(new MeteredLockProvider(node, meter))));
        }
    }

    /**
     * Serves the workload's requests through the strategy itself with one client, this thread, for the time
     * the system property {@value #WARM_UP_PROPERTY} gives, then waits until the server is idle. With
     * several clients busy on few cores, the JIT compiler gets little CPU and a trial's throughput keeps
     * climbing for tens of seconds; one client leaves it CPU, and every path the strategy takes (its pool,
     * locks, store and hits) runs, so every strategy is measured compiled.
     */
    void warmUp() throws Exception {
        long millis = Long.getLong(WARM_UP_PROPERTY, 0);
        long end = System.nanoTime() + Duration.ofMillis(millis).toNanos();
        for (long n = 0; System.nanoTime() - end < 0; n++) {
            serve(n);
        }
        awaitIdle();
    }

    ServingSetup setup() {
        return setup;
    }

    Workload workload() {
        return workload;
    }

    /** Answers request number {@code i} of the workload, on node {@code i} modulo the nodes. */
    byte[] serve(long i) throws Exception {
        return servers.get((int) (i % servers.size())).getTile(workload.request(i));
    }

    /** Answers a request for a tile of a metatile not asked for before. */
    byte[] serveMiss() throws Exception {
        return serveTile(workload.nextMiss());
    }

    /** Answers a request for {@code tile}. */
    byte[] serveTile(TileKey tile) throws Exception {
        return servers.get(0).getTile(tile);
    }

    void awaitIdle() throws InterruptedException, TimeoutException {
        for (TileServer server : servers) {
            server.awaitIdle(IDLE_TIMEOUT);
        }
    }

    /**
     * Waits for the server to be idle, removes every tile stored by misses, and starts a new image peak,
     * new render and encode times and new counts of pool use.
     */
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
     * What this harness saw since the iteration started, as JMH results named {@code prefix + name}: {@code
     * images.peak}, the most metatile images alive at once (the maximum over iterations); {@code render.ms}
     * and {@code encode.ms}, the mean time of a metatile render and of a tile encode, wherever they ran;
     * {@code locks.perMetatile}, lock acquisitions and releases per metatile rendered; and for a server whose pool may be full {@code jobs.handedOff} and {@code jobs.ranOnCaller}, the metatiles
     * it handed to its pool and those it encoded on the request thread (summed over the iterations).
     */
    List<Result> figures(String prefix) {
        List<Result> figures = new ArrayList<>();
        figures.add(new ScalarResult(prefix + "images.peak", setup.meter().peak(), "images", AggregationPolicy.MAX));
        double render = setup.meter().meanRenderMillis();
        double encode = setup.meter().meanEncodeMillis();
        if (!Double.isNaN(render)) {
            figures.add(new ScalarResult(prefix + "render.ms", render, "ms", AggregationPolicy.AVG));
        }
        if (!Double.isNaN(encode)) {
            figures.add(new ScalarResult(prefix + "encode.ms", encode, "ms", AggregationPolicy.AVG));
        }
        double locks = setup.meter().lockOperationsPerRender();
        if (locks > 0) {
            figures.add(new ScalarResult(prefix + "locks.perMetatile", locks, "operations", AggregationPolicy.AVG));
        }
        PoolUse used = poolUse().since(poolUseBefore);
        if (!used.equals(PoolUse.NONE)) {
            figures.add(
                    new ScalarResult(prefix + "jobs.handedOff", used.handedOff(), "metatiles", AggregationPolicy.SUM));
            figures.add(new ScalarResult(
                    prefix + "jobs.ranOnCaller", used.ranOnCaller(), "metatiles", AggregationPolicy.SUM));
        }
        return figures;
    }

    private PoolUse poolUse() {
        return servers.stream().map(TileServer::poolUse).reduce(PoolUse.NONE, PoolUse::plus);
    }

    @Override
    public void close() throws IOException {
        servers.forEach(TileServer::close);
        deleteTree(root);
    }

    private static void deleteTree(Path top) throws IOException {
        try (Stream<Path> paths = Files.walk(top)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}
