package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A block of tiles rendered with one request, and where each tile lies in the rendered image.
 *
 * <p>The metatile is identified by its lower-left tile, GeoWebCache's "meta grid position" {@code
 * (minX, minY, z)}. Tile {@code i} is the one at column {@code i % tilesWide} and row {@code i /
 * tilesWide}, rows counted upwards as grid rows are; {@link #tileBounds(int)} gives its rectangle in
 * image pixels, whose rows run downwards, gutter included.
 */
public final class Metatile {

    private final TileKey origin;
    private final int tilesWide;
    private final int tilesHigh;
    private final int imageWidth;
    private final int imageHeight;
    private final Rectangle[] tileBounds;

    /**
     * @param origin the lower-left tile of the metatile
     * @param tilesWide number of tile columns
     * @param tilesHigh number of tile rows
     * @param imageWidth width of the rendered image in pixels, gutter included
     * @param imageHeight height of the rendered image in pixels, gutter included
     * @param tileBounds each tile's rectangle in the image, in tile index order
     */
    public Metatile(
            TileKey origin, int tilesWide, int tilesHigh, int imageWidth, int imageHeight, List<Rectangle> tileBounds) {
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

    @Override
    public boolean equals(Object other) {
        return other instanceof Metatile that
                && origin.equals(that.origin)
                && tilesWide == that.tilesWide
                && tilesHigh == that.tilesHigh
                && imageWidth == that.imageWidth
                && imageHeight == that.imageHeight
                && Arrays.equals(tileBounds, that.tileBounds);
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
