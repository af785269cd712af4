package io.github.metatilefanout.benchmark.png;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.Random;

/** Map-like metatiles: dense (outlined polygons everywhere, labels), sparse (transparent, a few roads and labels). */
final class MapLikeImages {

    private MapLikeImages() {}

    static BufferedImage dense(int size, long seed) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_4BYTE_ABGR);
        Graphics2D g = antialiased(image);
        Random random = new Random(seed);
        g.setColor(new Color(170, 211, 223));
        g.fillRect(0, 0, size, size);
        for (int i = 0; i < 220; i++) {
            Path2D shape = randomWalk(random, size, 40 + random.nextInt(80), 6 + random.nextInt(30));
            g.setColor(Color.getHSBColor(random.nextFloat(), 0.25f + random.nextFloat() * 0.3f, 0.85f));
            g.fill(shape);
            g.setColor(new Color(90, 90, 90));
            g.setStroke(new BasicStroke(0.8f + random.nextFloat()));
            g.draw(shape);
        }
        labels(g, random, size, 60);
        g.dispose();
        return image;
    }

    static BufferedImage sparse(int size, long seed) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_4BYTE_ABGR);
        Graphics2D g = antialiased(image);
        Random random = new Random(seed);
        g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int road = 0; road < 24; road++) {
            g.setColor(road % 3 == 0 ? new Color(230, 140, 60) : new Color(120, 120, 120));
            g.draw(randomWalk(random, size, 30, 60));
        }
        // a line through every 256-pixel tile, so none is uniform
        g.setColor(new Color(60, 60, 200));
        for (int y = 128; y < size; y += 256) {
            g.drawLine(0, y, size, y + 40);
        }
        labels(g, random, size, 12);
        g.dispose();
        return image;
    }

    private static Graphics2D antialiased(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        return g;
    }

    private static Path2D randomWalk(Random random, int size, int steps, int stride) {
        Path2D.Double path = new Path2D.Double();
        double x = random.nextInt(size);
        double y = random.nextInt(size);
        path.moveTo(x, y);
        for (int i = 0; i < steps; i++) {
            x += (random.nextDouble() - 0.5) * stride;
            y += (random.nextDouble() - 0.5) * stride;
            path.lineTo(x, y);
        }
        path.closePath();
        return path;
    }

    private static void labels(Graphics2D g, Random random, int size, int count) {
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        for (int i = 0; i < count; i++) {
            g.setColor(new Color(40, 40, 40));
            g.drawString("Place " + i, random.nextInt(size - 60), 12 + random.nextInt(size - 12));
        }
    }
}
