package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.render.PixelFormat;
import io.github.metatilefanout.benchmark.render.WebMercator;
import io.github.metatilefanout.benchmark.report.Counts;
import io.github.metatilefanout.engine.MetatileGeometry;

/** Reads the benchmark's parameter values: counts, metatile shapes, formats. */
final class Sizes {

    /** Pixels rendered around each metatile; GeoServer's default is none. */
    static final int GUTTER = 0;

    private Sizes() {}

    /** The processors this JVM may use. */
    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code "0"}, {@code "1"} or any number, {@code "cores"}, or {@code "<n>xcores"}. */
    static int count(String value) {
        return Counts.resolve(value);
    }

    /** {@code "<wide>x<high>"}, such as {@code "4x4"}: 256-pixel tiles with the benchmark's gutter. */
    static MetatileGeometry metatile(String value) {
        String[] factors = value.split("x");
        if (factors.length != 2) {
            throw new IllegalArgumentException("Metatile '" + value + "' must look like '4x4'");
        }
        return new MetatileGeometry(
                Integer.parseInt(factors[0]),
                Integer.parseInt(factors[1]),
                WebMercator.TILE_SIZE,
                WebMercator.TILE_SIZE,
                GUTTER);
    }

    /** {@code "png"} (RGBA) or {@code "png8"} (8-bit palette). */
    static PixelFormat format(String value) {
        return switch (value) {
            case "png" -> PixelFormat.RGBA;
            case "png8" -> PixelFormat.PALETTE;
            default -> throw new IllegalArgumentException("Format '" + value + "' is neither 'png' nor 'png8'");
        };
    }
}
