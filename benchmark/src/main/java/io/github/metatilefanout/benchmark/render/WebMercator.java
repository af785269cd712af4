package io.github.metatilefanout.benchmark.render;

import io.github.metatilefanout.engine.MetatileGeometry.Coverage;

/**
 * The web-mercator world on GeoWebCache's grid set: 256-pixel tiles, {@code 2^z x 2^z} at zoom {@code z},
 * rows counted upwards from the bottom. Positions are <em>normalised</em>: {@code x} from 0 at longitude
 * -180 to 1 at +180, {@code y} from 0 at the northern edge to 1 at the southern one; a world pixel at zoom
 * {@code z} is a normalised position times {@link #worldSize(int)}.
 */
public final class WebMercator {

    /** The latitude where the square web-mercator world ends. */
    public static final double MAX_LATITUDE = 85.0511287798066;

    /** Tile width and height in pixels. */
    public static final int TILE_SIZE = 256;

    /** The name of the grid set, as GeoWebCache spells it. */
    public static final String GRID_SET = "EPSG:900913";

    /** The deepest zoom level this harness uses. */
    public static final int MAX_ZOOM = 20;

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

    /** Tiles across (and down) the world at zoom {@code z}. */
    public static long tilesAcross(int z) {
        checkZoom(z);
        return 1L << z;
    }

    /** The world's width and height in pixels at zoom {@code z}. */
    public static double worldSize(int z) {
        return (double) TILE_SIZE * tilesAcross(z);
    }

    /** Every tile of zoom {@code z}. */
    public static Coverage coverage(int z) {
        long last = tilesAcross(z) - 1;
        return new Coverage(z, 0, 0, last, last);
    }

    private static void checkZoom(int z) {
        if (z < 0 || z > MAX_ZOOM) {
            throw new IllegalArgumentException("zoom is " + z + "; allowed range is 0 to " + MAX_ZOOM);
        }
    }
}
