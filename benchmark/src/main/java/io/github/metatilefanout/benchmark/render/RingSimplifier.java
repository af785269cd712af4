package io.github.metatilefanout.benchmark.render;

import java.awt.geom.Path2D;

/**
 * Rings of normalised positions as a path in a frame's pixels, without the points that cannot change what
 * is drawn: those less than half a pixel from the previous one, and runs beyond one edge of the frame
 * (grown by a margin wider than any stroke), each run replaced by one segment.
 */
final class RingSimplifier {

    private static final double MIN_STEP = 0.5;
    private static final int LEFT = 1;
    private static final int RIGHT = 2;
    private static final int ABOVE = 4;
    private static final int BELOW = 8;

    private final Path2D.Double path = new Path2D.Double(Path2D.WIND_EVEN_ODD);
    private final double scale;
    private final double left;
    private final double top;
    private final double minX;
    private final double minY;
    private final double maxX;
    private final double maxY;

    RingSimplifier(PixelFrame frame, double margin) {
        this.scale = WebMercator.worldSize(frame.zoom());
        this.left = frame.left();
        this.top = frame.top();
        this.minX = -margin;
        this.minY = -margin;
        this.maxX = frame.width() + margin;
        this.maxY = frame.height() + margin;
    }

    void add(double[] points) {
        double lastX = points[0] * scale - left;
        double lastY = points[1] * scale - top;
        path.moveTo(lastX, lastY);
        int sharedSides = sides(lastX, lastY);
        boolean holding = false;
        double heldX = 0;
        double heldY = 0;
        double acceptedX = lastX;
        double acceptedY = lastY;
        for (int i = 2; i < points.length; i += 2) {
            double x = points[i] * scale - left;
            double y = points[i + 1] * scale - top;
            if (Math.abs(x - acceptedX) < MIN_STEP && Math.abs(y - acceptedY) < MIN_STEP) {
                continue;
            }
            acceptedX = x;
            acceptedY = y;
            int pointSides = sides(x, y);
            if (holding && (sharedSides & pointSides) != 0) {
                sharedSides &= pointSides; // the held point is dropped: the run stays beyond one edge
            } else {
                if (holding) {
                    path.lineTo(heldX, heldY);
                    sharedSides = sides(heldX, heldY) & pointSides;
                } else {
                    sharedSides &= pointSides;
                }
                holding = true;
            }
            heldX = x;
            heldY = y;
        }
        if (holding) {
            path.lineTo(heldX, heldY);
        }
        path.closePath();
    }

    Path2D.Double path() {
        return path;
    }

    private int sides(double x, double y) {
        int sides = 0;
        if (x < minX) {
            sides |= LEFT;
        } else if (x > maxX) {
            sides |= RIGHT;
        }
        if (y < minY) {
            sides |= ABOVE;
        } else if (y > maxY) {
            sides |= BELOW;
        }
        return sides;
    }
}
