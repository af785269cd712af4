package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MapStyle;
import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.awt.image.BufferedImage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The two costs a first tile cannot avoid, measured on their own over the metatiles the other benchmarks
 * ask for: rendering a metatile, and encoding one of its tiles.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full RenderEncode}, or through JMH: {@code java
 * -jar benchmark/target/benchmarks.jar RenderEncodeBenchmark -p format=png}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class RenderEncodeBenchmark {

    private static final int ENCODED_METATILES = 4;

    /** Tiles per metatile, across x down. */
    @Param({"4x4", "10x10"})
    public String metatile;

    /** png (RGBA) or png8 (8-bit palette). */
    @Param({"png", "png8"})
    public String format;

    private MapRenderer renderer;
    private TileEncoder encoder;
    private Workload workload;
    private final Metatile[] metatiles = new Metatile[ENCODED_METATILES];
    private final BufferedImage[] images = new BufferedImage[ENCODED_METATILES];
    private long rendered;
    private long encoded;

    @Setup(Level.Trial)
    public void setUp() {
        MetatileGeometry geometry = Harness.metatile(metatile);
        renderer = new MapRenderer(MapStyle.standard(), Harness.format(format));
        encoder = new PngTileEncoder();
        workload = new Workload(geometry, 0, Workload.SEED);
        for (int i = 0; i < ENCODED_METATILES; i++) {
            metatiles[i] = workload.metatile(i);
            images[i] = renderer.draw(metatiles[i]);
        }
    }

    /** Renders the next metatile of the workload. */
    @Benchmark
    public BufferedImage render() {
        return renderer.draw(workload.metatile(rendered++));
    }

    /** Encodes the next tile of a few rendered metatiles. */
    @Benchmark
    public byte[] encodeTile() throws Exception {
        int which = (int) (encoded % ENCODED_METATILES);
        Metatile current = metatiles[which];
        int tile = (int) ((encoded++ / ENCODED_METATILES) % current.tileCount());
        return encoder.encode(images[which], current.tileBounds(tile));
    }
}
