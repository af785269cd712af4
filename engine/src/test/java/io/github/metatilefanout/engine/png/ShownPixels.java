package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import javax.imageio.ImageIO;

/** Compares a PNG tile, decoded by ImageIO, with its source as {@link BufferedImage#getRGB} shows both. */
final class ShownPixels {

    private ShownPixels() {}

    /** Decodes {@code png} and fails, counting them, if any of its pixels is not what the source shows. */
    static void assertShownAsSource(BufferedImage source, Rectangle tile, byte[] png) throws IOException {
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        assertNotNull(decoded, "decodable");
        assertEquals(tile.width, decoded.getWidth(), "width");
        assertEquals(tile.height, decoded.getHeight(), "height");
        int differing = 0;
        StringBuilder first = new StringBuilder();
        for (int y = 0; y < tile.height; y++) {
            for (int x = 0; x < tile.width; x++) {
                int expected = source.getRGB(tile.x + x, tile.y + y);
                int actual = decoded.getRGB(x, y);
                if (actual != expected && differing++ < 5) {
                    int[] samples = source.getRaster().getPixel(tile.x + x, tile.y + y, (int[]) null);
                    first.append(String.format(
                            "%n  (%d, %d) samples %s: getRGB %08x, decoded %08x",
                            tile.x + x, tile.y + y, Arrays.toString(samples), expected, actual));
                }
            }
        }
        assertEquals(
                0,
                differing,
                differing + " of " + tile.width * tile.height + " pixels of tile " + tile + " decode to other values"
                        + " than the source's getRGB, the first:" + first);
    }
}
