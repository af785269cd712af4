package io.github.metatilefanout.benchmark.render;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;

/** Where a metatile's image, gutter included, lies in world pixels of its zoom level (rows from the north). */
public record PixelFrame(int zoom, long left, long top, int width, int height) {

    /** The frame of {@code metatile}'s image, from its lower-left tile's place in it. */
    public static PixelFrame of(Metatile metatile) {
        TileKey origin = metatile.origin();
        Rectangle lowerLeft = metatile.tileBounds(0);
        long rowFromTop = WebMercator.tilesAcross(origin.z()) - 1 - origin.y();
        return new PixelFrame(
                origin.z(),
                origin.x() * lowerLeft.width - lowerLeft.x,
                rowFromTop * lowerLeft.height - lowerLeft.y,
                metatile.imageWidth(),
                metatile.imageHeight());
    }

    /** Maps normalised world positions to pixels of this image. */
    public AffineTransform transform() {
        double size = WebMercator.worldSize(zoom);
        return new AffineTransform(size, 0, 0, size, -left, -top);
    }

    /** The extent in normalised positions, grown by {@code margin} pixels on every side. */
    public Rectangle2D normalisedExtent(double margin) {
        double size = WebMercator.worldSize(zoom);
        return new Rectangle2D.Double(
                (left - margin) / size,
                (top - margin) / size,
                (width + 2 * margin) / size,
                (height + 2 * margin) / size);
    }
}
