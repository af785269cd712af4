package io.github.metatilefanout.benchmark.http;

/** A tile: column, row counted from the bottom (as GeoWebCache counts it), zoom level. */
public record Tile(long x, long y, int z) {

    public static final int SIZE = 256;
}
