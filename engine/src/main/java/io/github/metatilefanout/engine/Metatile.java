package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * A block of tiles rendered with one request, and where each tile lies in the rendered image.
 *
 * <p>The metatile is identified by its lower-left tile, GeoWebCache's "meta grid position" {@code
 * (minX, minY, z)}. Tile {@code i} is the one at column {@code i % tilesWide} and row {@code i /
 * tilesWide}, rows counted upwards as grid rows are; {@link #tileBounds(int)} gives its rectangle in
 * image pixels, whose rows run downwards, gutter included. A metatile at the lower or left edge of a
 * layer's coverage may hold tiles outside it; those are never encoded nor stored ({@link #isCovered}).
 */
public final class Metatile {

    private final TileKey origin;
    private final int tilesWide;
    private final int tilesHigh;
    private final int imageWidth;
    private final int imageHeight;
    private final Rectangle[] tileBounds;
    private final BitSet uncovered;

    /** A metatile whose tiles are all inside the layer's coverage: see the full constructor. */
    public Metatile(
            TileKey origin, int tilesWide, int tilesHigh, int imageWidth, int imageHeight, List<Rectangle> tileBounds) {
        this(origin, tilesWide, tilesHigh, imageWidth, imageHeight, tileBounds, new BitSet());
    }

    /**
     * @param origin the lower-left tile of the metatile
     * @param tilesWide number of tile columns
     * @param tilesHigh number of tile rows
     * @param imageWidth width of the rendered image in pixels, gutter included
     * @param imageHeight height of the rendered image in pixels, gutter included
     * @param tileBounds each tile's rectangle in the image, in tile index order
     * @param uncovered the indexes of the tiles outside the layer's coverage
     */
    public Metatile(
            TileKey origin,
            int tilesWide,
            int tilesHigh,
            int imageWidth,
            int imageHeight,
            List<Rectangle> tileBounds,
            BitSet uncovered) {
        this.origin = Objects.requireNonNull(origin, "origin");
        if (tilesWide < 1 || tilesHigh < 1) {
            throw new IllegalArgumentException(
                    "A metatile has at least one tile, got " + tilesWide + " x " + tilesHigh + " tiles");
        }
        if (tileBounds.size() != tilesWide * tilesHigh) {
            throw new IllegalArgumentException(
                    "Expected " + tilesWide * tilesHigh + " tile rectangles, got " + tileBounds.size());
        }
        Rectangle image = new Rectangle(0, 0, imageWidth, imageHeight);
        for (Rectangle bounds : tileBounds) {
            if (bounds.isEmpty() || !image.contains(bounds)) {
                throw new IllegalArgumentException(
                        "Tile rectangle " + bounds + " is empty or outside the image " + image);
            }
        }
        this.tilesWide = tilesWide;
        this.tilesHigh = tilesHigh;
        this.imageWidth = imageWidth;
        this.imageHeight = imageHeight;
        this.tileBounds = tileBounds.stream().map(Rectangle::new).toArray(Rectangle[]::new);
        if (uncovered.length() > this.tileBounds.length || uncovered.cardinality() == this.tileBounds.length) {
            throw new IllegalArgumentException("Uncovered tiles " + uncovered + " do not fit a metatile of "
                    + this.tileBounds.length + " tiles with at least one covered");
        }
        this.uncovered = (BitSet) uncovered.clone();
    }

    /** The lower-left tile, whose grid position identifies the metatile. */
    public TileKey origin() {
        return origin;
    }

    public int tilesWide() {
        return tilesWide;
    }

    public int tilesHigh() {
        return tilesHigh;
    }

    public int tileCount() {
        return tileBounds.length;
    }

    public int imageWidth() {
        return imageWidth;
    }

    public int imageHeight() {
        return imageHeight;
    }

    /** Whether tile {@code i} is inside the layer's coverage, and so is encoded and stored. */
    public boolean isCovered(int i) {
        Objects.checkIndex(i, tileBounds.length);
        return !uncovered.get(i);
    }

    /** The number of tiles inside the layer's coverage. */
    public int coveredTileCount() {
        return tileBounds.length - uncovered.cardinality();
    }

    /** The tile at index {@code i}. */
    public TileKey tile(int i) {
        Objects.checkIndex(i, tileBounds.length);
        return origin.at(origin.x() + i % tilesWide, origin.y() + i / tilesWide, origin.z());
    }

    /** A copy of tile {@code i}'s rectangle in the rendered image. */
    public Rectangle tileBounds(int i) {
        return new Rectangle(tileBounds[i]);
    }

    /**
     * The index of {@code tile} in this metatile.
     *
     * @throws IllegalArgumentException if the tile is not part of this metatile
     */
    public int indexOf(TileKey tile) {
        long column = tile.x() - origin.x();
        long row = tile.y() - origin.y();
        if (!tile.at(origin.x(), origin.y(), origin.z()).equals(origin)
                || column < 0
                || column >= tilesWide
                || row < 0
                || row >= tilesHigh) {
            throw new IllegalArgumentException("Tile " + tile + " is not part of metatile " + this);
        }
        return (int) (row * tilesWide + column);
    }

    /** The key of this metatile's lock, laid out as GeoServer's integrated GeoWebCache does. */
    public String lockKey() {
        return origin.lockKey("gwc_metatile_");
    }

    /**
     * The key of the lock held while this metatile's tiles are being stored, under {@link
     * LockProtocol#STORING_LOCK}: {@code fanout_storing_} followed by the metatile key's layout.
     */
    String storingLockKey() {
        return origin.lockKey("fanout_storing_");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Metatile that
                && origin.equals(that.origin)
                && tilesWide == that.tilesWide
                && tilesHigh == that.tilesHigh
                && imageWidth == that.imageWidth
                && imageHeight == that.imageHeight
                && Arrays.equals(tileBounds, that.tileBounds)
                && uncovered.equals(that.uncovered);
    }

    @Override
    public int hashCode() {
        return Objects.hash(origin, tilesWide, tilesHigh);
    }

    /** {@code layer/gridSet/z/minX/minY [tilesWide x tilesHigh]}. */
    @Override
    public String toString() {
        return origin + " [" + tilesWide + "x" + tilesHigh + "]";
    }
}
