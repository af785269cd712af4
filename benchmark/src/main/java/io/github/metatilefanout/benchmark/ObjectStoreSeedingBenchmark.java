package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.TileKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Seeding an S3-compatible store ({@link ObjectStoreHarness}): each invocation seeds the same {@value #METATILES}
 * metatiles, uncached (a layer of its own per batch), on {@value #SEEDERS} threads, each call returning once its
 * metatile's tiles are stored; then the batch's objects are counted, and must be its tiles. The score is ms per batch;
 * {@link HarnessProfiler} adds {@code tiles} (tiles/s), {@code objects} (objects counted), {@code seeded} (tiles
 * seeded) and the mean {@code render.ms} and {@code encode.ms}. Run: {@code java -jar benchmark/target/benchmarks.jar
 * full ObjectStore}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class ObjectStoreSeedingBenchmark extends ObjectStoreBenchmark {

    static final int METATILES = 16;
    static final int SEEDERS = 4;
    private static final long BATCH_MINUTES = 5;

    private ExecutorService seeders;
    private List<TileKey> origins;
    private int batches;
    private long tiles;
    private long nanos;
    private long objects;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        openHarness();
        seeders = Executors.newFixedThreadPool(SEEDERS);
        Workload workload = new Workload(ObjectStoreHarness.GRID, 0, Workload.SEED);
        origins = IntStream.range(0, METATILES)
                .mapToObj(n -> workload.metatile(n).tile(0))
                .toList();
        HarnessProfiler.watch(this::takeFigures);
    }

    /** Seeds the batch's metatiles; fails if one fails or takes more than 5 minutes. */
    @Benchmark
    public int seedBatch() throws Exception {
        String layer = layer(batches);
        long start = System.nanoTime();
        List<Future<?>> calls = new ArrayList<>();
        for (TileKey origin : origins) {
            TileKey tile =
                    new TileKey(layer, origin.gridSet(), origin.format(), null, origin.x(), origin.y(), origin.z());
            calls.add(seeders.submit(() -> {
                harness.seed(tile);
                return null;
            }));
        }
        for (Future<?> call : calls) {
            call.get(BATCH_MINUTES, TimeUnit.MINUTES);
        }
        long took = System.nanoTime() - start;
        synchronized (this) {
            tiles += tilesPerBatch();
            nanos += took;
        }
        return tilesPerBatch();
    }

    /** Counts the batch's objects, untimed: exactly its tiles, or the trial fails. */
    @TearDown(Level.Invocation)
    public void countObjects() throws Exception {
        String layer = layer(batches++);
        long counted = harness.objects(layer + "/");
        if (counted != tilesPerBatch()) {
            throw new IllegalStateException(
                    "Layer " + layer + " holds " + counted + " objects after seeding " + tilesPerBatch() + " tiles");
        }
        synchronized (this) {
            objects += counted;
        }
    }

    private int tilesPerBatch() {
        return origins.stream()
                .mapToInt(tile -> ObjectStoreHarness.GRID.metatileOf(tile).tileCount())
                .sum();
    }

    private static String layer(int batch) {
        return "ne-batch-" + batch;
    }

    /** tiles/s, objects counted and tiles seeded since the last call. */
    synchronized List<Result> takeFigures() {
        List<Result> figures = new ArrayList<>();
        if (nanos > 0) {
            figures.add(new ScalarResult("tiles", tiles * 1e9 / nanos, "tiles/s", AggregationPolicy.AVG));
            figures.add(new ScalarResult("objects", objects, "objects", AggregationPolicy.SUM));
            figures.add(new ScalarResult("seeded", tiles, "tiles", AggregationPolicy.SUM));
        }
        figures.addAll(harness.figures());
        tiles = 0;
        nanos = 0;
        objects = 0;
        return figures;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        seeders.shutdownNow();
        harness.close();
    }
}
