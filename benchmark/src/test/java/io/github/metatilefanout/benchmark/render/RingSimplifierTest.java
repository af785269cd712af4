package io.github.metatilefanout.benchmark.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Path2D;
import java.awt.geom.PathIterator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RingSimplifierTest {

    /** Zoom 2: the world is 1024 pixels wide; the frame is its second tile row and column. */
    private static final PixelFrame FRAME = new PixelFrame(2, 256, 256, 256, 256);

    private static final double MARGIN = 4;

    @Test
    void keepsEveryPointInsideTheFrame() {
        double[] square = normalised(300, 300, 400, 300, 400, 400, 300, 400);
        Path2D.Double path = simplify(square);

        assertEquals(4, pointCount(path));
    }

    @Test
    void dropsPointsCloserThanHalfAPixel() {
        double[] ring = normalised(300, 300, 300.2, 300.1, 300.4, 300.2, 400, 300, 400, 400, 300, 400);

        assertEquals(4, pointCount(simplify(ring)));
    }

    @Test
    void collapsesRunsBeyondOneEdge() {
        // a zigzag far to the left of the frame, between two points inside it
        double[] ring = normalised(300, 300, 100, 310, 90, 320, 110, 330, 95, 340, 300, 350, 400, 400);

        // the run 100..95 beyond the left edge keeps its first and last points only
        assertEquals(5, pointCount(simplify(ring)));
    }

    @Test
    void fillInsideTheFrameIsUnchanged() {
        Random random = new Random(42);
        for (int round = 0; round < 20; round++) {
            double[] pixels = new double[2 * 400];
            for (int i = 0; i < pixels.length; i += 2) {
                double angle = 2 * Math.PI * i / pixels.length;
                double radius = 150 + random.nextDouble() * 300;
                pixels[i] = 384 + radius * Math.cos(angle);
                pixels[i + 1] = 384 + radius * Math.sin(angle);
            }
            Path2D.Double original = pixelPath(pixels);
            Path2D.Double simplified = simplify(normalised(pixels));
            for (int y = 0; y < 256; y += 3) {
                for (int x = 0; x < 256; x += 3) {
                    assertEquals(
                            original.contains(x + 0.5, y + 0.5),
                            simplified.contains(x + 0.5, y + 0.5),
                            "round " + round + " at " + x + "," + y);
                }
            }
            assertTrue(pointCount(simplified) < pixels.length / 2, "nothing was dropped");
        }
    }

    private static Path2D.Double simplify(double[] ring) {
        RingSimplifier simplifier = new RingSimplifier(FRAME, MARGIN);
        simplifier.add(ring);
        return simplifier.path();
    }

    /** World pixel positions at zoom 2 to normalised positions. */
    private static double[] normalised(double... worldPixels) {
        double[] points = new double[worldPixels.length];
        for (int i = 0; i < points.length; i++) {
            points[i] = worldPixels[i] / WebMercator.worldSize(2);
        }
        return points;
    }

    /** The ring, unsimplified, in the frame's pixels. */
    private static Path2D.Double pixelPath(double[] worldPixels) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        path.moveTo(worldPixels[0] - FRAME.left(), worldPixels[1] - FRAME.top());
        for (int i = 2; i < worldPixels.length; i += 2) {
            path.lineTo(worldPixels[i] - FRAME.left(), worldPixels[i + 1] - FRAME.top());
        }
        path.closePath();
        return path;
    }

    private static int pointCount(Path2D.Double path) {
        int points = 0;
        double[] coords = new double[6];
        for (PathIterator it = path.getPathIterator(null); !it.isDone(); it.next()) {
            if (it.currentSegment(coords) != PathIterator.SEG_CLOSE) {
                points++;
            }
        }
        return points;
    }
}
