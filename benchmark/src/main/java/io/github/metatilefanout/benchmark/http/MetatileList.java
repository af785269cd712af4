package io.github.metatilefanout.benchmark.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** The full metatiles reaching into a box over zoom levels, shuffled by a seed, each handed out once. Thread-safe. */
public final class MetatileList {

    static final long MAX_METATILES = 2_000_000;

    private final List<Metatile> metatiles;
    private int next;

    MetatileList(List<Metatile> metatiles) {
        this.metatiles = List.copyOf(metatiles);
    }

    /** {@code box} is west, south, east, north in degrees. */
    public static MetatileList of(
            TileGrid grid, int minZoom, int maxZoom, double[] box, int width, int height, long seed) {
        List<Metatile> found = new ArrayList<>();
        for (int z = minZoom; z <= maxZoom; z++) {
            long firstX = grid.column(box[0], z) / width * width;
            long lastX = grid.column(box[2], z);
            long firstY = grid.row(box[1], z) / height * height;
            long lastY = grid.row(box[3], z);
            long count = ((lastX - firstX) / width + 1) * ((lastY - firstY) / height + 1);
            if (found.size() + count > MAX_METATILES) {
                throw new IllegalArgumentException("the box and zoom levels hold more than " + MAX_METATILES
                        + " metatiles; choose a smaller box or fewer zoom levels");
            }
            for (long y = firstY; y <= lastY; y += height) {
                for (long x = firstX; x <= lastX; x += width) {
                    if (x + width <= grid.tilesWide(z) && y + height <= grid.tilesHigh(z)) {
                        found.add(new Metatile(z, x, y, width, height));
                    }
                }
            }
        }
        Collections.shuffle(found, new Random(seed));
        return new MetatileList(found);
    }

    /** The next metatile nobody has taken. */
    public synchronized Metatile take() {
        if (next == metatiles.size()) {
            throw new IllegalStateException("all " + metatiles.size()
                    + " metatiles of the box and zoom levels are taken; widen --bbox or --zoom, or ask for fewer"
                    + " requests");
        }
        return metatiles.get(next++);
    }

    public synchronized List<Metatile> take(int count) {
        List<Metatile> taken = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            taken.add(take());
        }
        return taken;
    }

    public synchronized int remaining() {
        return metatiles.size() - next;
    }
}
