package io.github.metatilefanout.benchmark.render;

import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * A land mass or a country in normalised web-mercator positions.
 *
 * @param name the country's name; empty for land
 * @param rings every ring, filled with the even-odd rule so that holes stay empty
 * @param label the label anchor: the centroid of the largest ring
 */
public record MapFeature(String name, List<Ring> rings, Rectangle2D bounds, Point2D label) {

    /** One closed ring, {@code x0, y0, x1, y1, ...}, and its bounds. */
    public record Ring(double[] points, Rectangle2D bounds) {}

    public MapFeature {
        rings = List.copyOf(rings);
    }

    /** The rings that reach into {@code frame} grown by {@code margin} pixels, as one shape in its pixels; or null. */
    public Path2D.Double outlineIn(PixelFrame frame, double margin) {
        Rectangle2D extent = frame.normalisedExtent(margin);
        if (!bounds.intersects(extent)) {
            return null;
        }
        RingSimplifier simplifier = null;
        for (Ring ring : rings) {
            if (ring.bounds().intersects(extent)) {
                if (simplifier == null) {
                    simplifier = new RingSimplifier(frame, margin);
                }
                simplifier.add(ring.points());
            }
        }
        return simplifier == null ? null : simplifier.path();
    }
}
