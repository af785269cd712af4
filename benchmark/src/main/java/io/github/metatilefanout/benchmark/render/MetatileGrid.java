package io.github.metatilefanout.benchmark.render;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;

/**
 * The web-mercator world cut into metatiles as GeoWebCache cuts a layer that covers all of it: metatiles
 * aligned on multiples of the meta factors, narrower or lower where they would cross the world's east or
 * north edge, with {@code gutter} extra pixels rendered on every side that is not an edge of the world.
 *
 * @param metaWide tiles per metatile across, 1 to {@value #MAX_META_FACTOR}
 * @param metaHigh tiles per metatile down, 1 to {@value #MAX_META_FACTOR}
 * @param gutter extra pixels on each side, 0 to {@value #MAX_GUTTER}
 */
public record MetatileGrid(int metaWide, int metaHigh, int gutter) {

    /** The largest meta factor GeoWebCache accepts. */
    public static final int MAX_META_FACTOR = 20;

    public static final int MAX_GUTTER = 1024;

    public MetatileGrid {
        check("metaWide", metaWide, 1, MAX_META_FACTOR);
        check("metaHigh", metaHigh, 1, MAX_META_FACTOR);
        check("gutter", gutter, 0, MAX_GUTTER);
    }

    /** The metatile that holds {@code tile}. */
    public Metatile metatileOf(TileKey tile) {
        long last = WebMercator.tilesAcross(tile.z()) - 1;
        if (tile.x() < 0 || tile.y() < 0 || tile.x() > last || tile.y() > last) {
            throw new IllegalArgumentException("Tile " + tile + " is outside the world at zoom " + tile.z());
        }
        long minX = tile.x() - tile.x() % metaWide;
        long minY = tile.y() - tile.y() % metaHigh;
        int wide = (int) (Math.min(minX + metaWide - 1, last) - minX + 1);
        int high = (int) (Math.min(minY + metaHigh - 1, last) - minY + 1);
        int left = minX > 0 ? gutter : 0;
        int right = minX + wide - 1 < last ? gutter : 0;
        int bottom = minY > 0 ? gutter : 0;
        int top = minY + high - 1 < last ? gutter : 0;

        int size = WebMercator.TILE_SIZE;
        List<Rectangle> bounds = new ArrayList<>(wide * high);
        for (int row = 0; row < high; row++) { // grid rows count upwards, image rows downwards
            for (int column = 0; column < wide; column++) {
                bounds.add(new Rectangle(left + column * size, top + (high - 1 - row) * size, size, size));
            }
        }
        return new Metatile(
                tile.at(minX, minY, tile.z()),
                wide,
                high,
                left + wide * size + right,
                top + high * size + bottom,
                bounds);
    }

    private static void check(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " is " + value + "; allowed range is " + min + " to " + max);
        }
    }
}
