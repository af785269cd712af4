package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MapStyle;
import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.benchmark.workload.Workload;
import io.github.metatilefanout.engine.Metatile;
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

/**
 * What a first tile cannot avoid, on the other benchmarks' metatiles: rendering a metatile, encoding one of
 * its tiles. Run: {@code java -jar benchmark/target/benchmarks.jar full RenderEncode}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RenderEncodeBenchmark {

    private static final int ENCODED_METATILES = 4;

    @Param({"4x4", "10x10"})
    public String metatile;

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
        MetatileGrid geometry = Harness.metatile(metatile);
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
