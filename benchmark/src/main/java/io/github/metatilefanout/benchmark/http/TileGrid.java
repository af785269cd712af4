package io.github.metatilefanout.benchmark.http;

import io.github.metatilefanout.benchmark.render.WebMercator;
import java.util.Locale;

/**
 * A GeoWebCache grid set of 256-pixel tiles, rows counted from the bottom: web mercator ({@code 2^z x 2^z}
 * tiles), or geographic ({@code 2^(z+1) x 2^z} over -180..180, -90..90). {@code srs} is a WMS SRS.
 */
public record TileGrid(String name, String srs, boolean mercator) {

    static final double MERCATOR_HALF_WIDTH = 20037508.34;

    /** {@code EPSG:900913}, {@code EPSG:3857}, {@code GoogleMapsCompatible} or {@code EPSG:4326}. */
    public static TileGrid of(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return switch (upper) {
            case "EPSG:900913", "EPSG:3857" -> new TileGrid(name, name, true);
            case "GOOGLEMAPSCOMPATIBLE" -> new TileGrid(name, "EPSG:900913", true);
            case "EPSG:4326" -> new TileGrid(name, name, false);
            default -> throw new IllegalArgumentException(
                    "--gridset is " + name + "; allowed: EPSG:900913, EPSG:3857, GoogleMapsCompatible, EPSG:4326");
        };
    }

    public long tilesWide(int z) {
        return mercator ? 1L << z : 2L << z;
    }

    public long tilesHigh(int z) {
        return 1L << z;
    }

    /** The column of longitude {@code lon} at zoom {@code z}. */
    long column(double lon, int z) {
        return clamp((long) Math.floor((lon + 180) / 360 * tilesWide(z)), tilesWide(z));
    }

    /** The row of latitude {@code lat} at zoom {@code z}. */
    long row(double lat, int z) {
        double fraction = mercator ? 1 - WebMercator.y(lat) : (lat + 90) / 180;
        return clamp((long) Math.floor(fraction * tilesHigh(z)), tilesHigh(z));
    }

    /** The row as WMTS counts it, from the top. */
    public long wmtsRow(Tile tile) {
        return tilesHigh(tile.z()) - 1 - tile.y();
    }

    /** Min x, min y, max x, max y in the grid's coordinates. */
    public double[] bounds(Tile tile) {
        double size;
        double minX;
        double minY;
        if (mercator) {
            size = 2 * MERCATOR_HALF_WIDTH / tilesWide(tile.z());
            minX = -MERCATOR_HALF_WIDTH;
            minY = -MERCATOR_HALF_WIDTH;
        } else {
            size = 180.0 / tilesHigh(tile.z());
            minX = -180;
            minY = -90;
        }
        return new double[] {
            minX + tile.x() * size, minY + tile.y() * size, minX + (tile.x() + 1) * size, minY + (tile.y() + 1) * size
        };
    }

    private static long clamp(long value, long count) {
        return Math.max(0, Math.min(count - 1, value));
    }
}
