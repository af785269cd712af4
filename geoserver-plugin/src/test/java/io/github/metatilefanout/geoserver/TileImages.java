package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertNotNull;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.springframework.mock.web.MockHttpServletResponse;

/** Tiles answered by GeoServer, decoded so that their pixels can be compared. */
final class TileImages {

    private TileImages() {}

    /** The image the response holds; fails, with the response's text, if it holds none. */
    static BufferedImage decode(MockHttpServletResponse response) throws Exception {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(response.getContentAsByteArray()));
        assertNotNull("not an image: " + response.getContentAsString(), image);
        return image;
    }

    /** Every pixel of {@code image} as ARGB, row by row. */
    static int[] pixels(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }
}
