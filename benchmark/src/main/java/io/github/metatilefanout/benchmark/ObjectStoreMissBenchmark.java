package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.workload.Workload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Time to first tile on an S3-compatible store ({@link ObjectStoreHarness}): one client asks for a tile of an uncached
 * metatile on an idle engine (the store lookup, the render and one encode; the other tiles are stored after the
 * answer). {@link HarnessProfiler} adds the mean {@code render.ms} and {@code encode.ms}. At the end every tile of
 * every metatile asked for must be in the bucket. Run: {@code java -jar
 * benchmark/target/benchmarks.jar full ObjectStore}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class ObjectStoreMissBenchmark extends ObjectStoreBenchmark {

    private Workload workload;
    private long misses;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        openHarness();
        workload = new Workload(ObjectStoreHarness.GRID, 0, Workload.SEED);
        HarnessProfiler.watch(harness::figures);
    }

    @Setup(Level.Invocation)
    public void awaitIdle() throws Exception {
        harness.awaitIdle();
    }

    @Benchmark
    public byte[] firstTile() throws Exception {
        misses++;
        return harness.getTile(workload.nextMiss());
    }

    /** Every tile of the metatiles asked for stored, or the trial fails. */
    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            harness.awaitIdle();
            long stored = harness.objects(Workload.MISS_LAYER_PREFIX);
            long expected = misses * ObjectStoreHarness.GRID.metaWide() * ObjectStoreHarness.GRID.metaHigh();
            if (stored != expected) {
                throw new IllegalStateException(
                        stored + " objects stored for " + misses + " metatiles, " + expected + " tiles");
            }
        } finally {
            harness.close();
        }
    }
}
