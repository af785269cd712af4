package io.github.metatilefanout.benchmark.png;

import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A transparent tile, from the uniform tile cache and deflated. Run: {@code java -jar
 * benchmark/target/benchmarks.jar UniformTileBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class UniformTileBenchmark {

    private final BufferedImage empty = new BufferedImage(1024, 1024, BufferedImage.TYPE_4BYTE_ABGR);
    private final Rectangle tile = new Rectangle(256, 256, 256, 256);
    private final PngTileEncoder cached = new PngTileEncoder();
    private final PngTileEncoder uncached = new PngTileEncoder().withoutUniformTileCache();

    @Benchmark
    public byte[] uniformCached() throws IOException {
        return cached.encode(empty, tile);
    }

    @Benchmark
    public byte[] uniformEncoded() throws IOException {
        return uncached.encode(empty, tile);
    }
}
