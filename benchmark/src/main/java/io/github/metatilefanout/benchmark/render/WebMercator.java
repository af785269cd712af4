package io.github.metatilefanout.benchmark.render;

/**
 * GeoWebCache's web-mercator grid set: {@code 2^z x 2^z} tiles of 256 pixels, rows counted from the bottom.
 * Normalised positions run from 0 to 1, west to east and north to south; times {@link #worldSize(int)} they
 * are world pixels.
 */
public final class WebMercator {

    public static final double MAX_LATITUDE = 85.0511287798066;

    public static final int TILE_SIZE = 256;

    public static final String GRID_SET = "EPSG:900913";

    private WebMercator() {}

    /** Normalised x of a longitude in degrees. */
    public static double x(double longitude) {
        return (longitude + 180) / 360;
    }

    /** Normalised y of a latitude in degrees, clamped to the square world. */
    public static double y(double latitude) {
        double clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
        double mercator = Math.log(Math.tan(Math.PI / 4 + Math.toRadians(clamped) / 2));
        return (1 - mercator / Math.PI) / 2;
    }

    /** Tiles across (and down) at zoom {@code z}. */
    public static long tilesAcross(int z) {
        return 1L << z;
    }

    /** The world's size in pixels at zoom {@code z}. */
    public static double worldSize(int z) {
        return (double) TILE_SIZE * tilesAcross(z);
    }
}
