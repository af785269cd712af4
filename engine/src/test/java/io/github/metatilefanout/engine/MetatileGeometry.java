package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Cuts a grid into metatiles the way GeoWebCache does: metatiles are aligned on multiples of the meta
 * factors, shrink where they would cross the upper or right edge of the layer's coverage, may start below
 * or left of it (those tiles are {@linkplain Metatile#isCovered not covered}), and carry a gutter of extra
 * pixels on every side inside the coverage.
 *
 * @param metaWide tiles per metatile across, 1 to {@value #MAX_META_FACTOR}
 * @param metaHigh tiles per metatile down, 1 to {@value #MAX_META_FACTOR}
 * @param tileWidth tile width in pixels
 * @param tileHeight tile height in pixels
 * @param gutter extra pixels rendered around the metatile, 0 to {@value #MAX_GUTTER}
 */
public record MetatileGeometry(int metaWide, int metaHigh, int tileWidth, int tileHeight, int gutter) {

    /** The largest meta factor GeoWebCache accepts. */
    public static final int MAX_META_FACTOR = 20;

    /** The largest gutter accepted, in pixels. */
    public static final int MAX_GUTTER = 1024;

    public MetatileGeometry {
        Ranges.check("metaWide", metaWide, 1, MAX_META_FACTOR);
        Ranges.check("metaHigh", metaHigh, 1, MAX_META_FACTOR);
        Ranges.check("tileWidth", tileWidth, 1, 8192);
        Ranges.check("tileHeight", tileHeight, 1, 8192);
        Ranges.check("gutter", gutter, 0, MAX_GUTTER);
    }

    /**
     * The tile range a layer covers at one zoom level, bounds included.
     */
    public record Coverage(int z, long minX, long minY, long maxX, long maxY) {

        public Coverage {
            if (minX < 0 || minY < 0 || maxX < minX || maxY < minY) {
                throw new IllegalArgumentException("Invalid coverage at zoom " + z + ": x " + minX + " to " + maxX
                        + ", y " + minY + " to " + maxY);
            }
        }

        /** Whether the tile at {@code (x, y)} of this zoom level is covered. */
        public boolean covers(long x, long y) {
            return x >= minX && x <= maxX && y >= minY && y <= maxY;
        }
    }

    /**
     * The metatile that holds {@code tile}.
     *
     * @throws IllegalArgumentException if the coverage does not cover the tile
     */
    public Metatile metatileOf(TileKey tile, Coverage coverage) {
        if (coverage.z() != tile.z() || !coverage.covers(tile.x(), tile.y())) {
            throw new IllegalArgumentException("Tile " + tile + " is outside the coverage " + coverage);
        }
        long minX = tile.x() - tile.x() % metaWide;
        long minY = tile.y() - tile.y() % metaHigh;
        long maxX = Math.min(minX + metaWide - 1, coverage.maxX());
        long maxY = Math.min(minY + metaHigh - 1, coverage.maxY());
        int wide = (int) (maxX - minX + 1);
        int high = (int) (maxY - minY + 1);

        int left = minX > coverage.minX() ? gutter : 0;
        int right = maxX < coverage.maxX() ? gutter : 0;
        int bottom = minY > coverage.minY() ? gutter : 0;
        int top = maxY < coverage.maxY() ? gutter : 0;

        List<Rectangle> bounds = new ArrayList<>(wide * high);
        BitSet uncovered = new BitSet();
        for (int row = 0; row < high; row++) {
            for (int column = 0; column < wide; column++) {
                if (!coverage.covers(minX + column, minY + row)) {
                    uncovered.set(bounds.size());
                }
                int pixelX = left + column * tileWidth;
                int pixelY = top + (high - 1 - row) * tileHeight;
                bounds.add(new Rectangle(pixelX, pixelY, tileWidth, tileHeight));
            }
        }
        return new Metatile(
                tile.at(minX, minY, tile.z()),
                wide,
                high,
                left + wide * tileWidth + right,
                top + high * tileHeight + bottom,
                bounds,
                uncovered);
    }
}
