package io.github.metatilefanout.benchmark.http;

import java.util.ArrayList;
import java.util.List;

/** A full metatile of {@code width x height} tiles whose lower left one is ({@code minX}, {@code minY}). */
public record Metatile(int z, long minX, long minY, int width, int height) {

    /** Every tile of the metatile, row by row from the bottom. */
    public List<Tile> tiles() {
        List<Tile> tiles = new ArrayList<>(width * height);
        for (int dy = 0; dy < height; dy++) {
            for (int dx = 0; dx < width; dx++) {
                tiles.add(new Tile(minX + dx, minY + dy, z));
            }
        }
        return tiles;
    }

    /** Tile {@code index}, counted as {@link #tiles()} lists them. */
    public Tile tile(int index) {
        return new Tile(minX + index % width, minY + index / width, z);
    }

    public int size() {
        return width * height;
    }
}
