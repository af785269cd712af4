package io.github.metatilefanout.benchmark.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.render.MapRenderer.PixelFormat;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class MapRendererTest {

    private static final MapStyle STYLE = MapStyle.standard();
    private static final MetatileGrid FOUR_BY_FOUR = new MetatileGrid(4, 4, 0);

    @Test
    void wholeWorldAtZoomTwoHasPlausibleLandAndSea() {
        BufferedImage world = new MapRenderer(STYLE, PixelFormat.RGBA).draw(metatile(FOUR_BY_FOUR, 2, 0, 0));

        assertEquals(1024, world.getWidth());
        assertEquals(1024, world.getHeight());
        assertEquals(BufferedImage.TYPE_4BYTE_ABGR, world.getType());
        int sea = 0;
        for (int y = 0; y < world.getHeight(); y++) {
            for (int x = 0; x < world.getWidth(); x++) {
                if (world.getRGB(x, y) == STYLE.sea().getRGB()) {
                    sea++;
                }
            }
        }
        double seaShare = sea / (1024.0 * 1024.0);
        // about 70 % of the earth is sea; mercator inflates Antarctica, Greenland and the north
        assertTrue(seaShare > 0.45 && seaShare < 0.75, "sea share " + seaShare);
    }

    @Test
    void landAndSeaLieWhereTheyShould() {
        BufferedImage world = new MapRenderer(STYLE, PixelFormat.RGBA).draw(metatile(FOUR_BY_FOUR, 2, 0, 0));

        assertEquals(STYLE.sea().getRGB(), pixelAt(world, 2, -140, 0), "Pacific");
        assertEquals(STYLE.sea().getRGB(), pixelAt(world, 2, -30, -30), "South Atlantic");
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(world, 2, 18, 12), "Chad");
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(world, 2, -55, -10), "Brazil");
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(world, 2, 100, 62), "Siberia");
    }

    @Test
    void polygonsAcrossTheAntimeridianAreDrawnOnBothSides() {
        MapRenderer renderer = new MapRenderer(STYLE, PixelFormat.RGBA);
        // Chukotka, the part of Russia west of 180 degrees, in the westernmost metatile of zoom 4
        BufferedImage west = renderer.draw(metatile(FOUR_BY_FOUR, 4, 0, 12));
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(west, 4, 0, 12, -178, 67.5), "Chukotka");
        // Antarctica, closed through the pole, at both ends of the world
        BufferedImage south = renderer.draw(metatile(FOUR_BY_FOUR, 2, 0, 0));
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(south, 2, -179, -84.5), "Antarctica, west end");
        assertNotEquals(STYLE.sea().getRGB(), pixelAt(south, 2, 179, -84.5), "Antarctica, east end");
    }

    @Test
    void paletteImagesUseTheStylePalette() {
        BufferedImage world = new MapRenderer(STYLE, PixelFormat.PALETTE).draw(metatile(FOUR_BY_FOUR, 2, 0, 0));

        assertEquals(BufferedImage.TYPE_BYTE_INDEXED, world.getType());
        assertTrue(FixedPalette.of(STYLE).size() <= 256);
        assertEquals(STYLE.sea().getRGB(), pixelAt(world, 2, -140, 0), "Pacific");
    }

    @Test
    void gutterWidensTheImageAndKeepsTheTilesInPlace() {
        MapRenderer renderer = new MapRenderer(STYLE, PixelFormat.RGBA);
        MetatileGrid withGutter = new MetatileGrid(4, 4, 8);
        Metatile guttered = metatile(withGutter, 5, 16, 20);
        Metatile plain = metatile(FOUR_BY_FOUR, 5, 16, 20);

        PixelFrame frame = PixelFrame.of(guttered);
        assertEquals(4 * 256 + 16, frame.width());
        assertEquals(16 * 256 - 8, frame.left());
        assertEquals((32 - 1 - 23) * 256 - 8, frame.top());

        BufferedImage withBorder = renderer.draw(guttered);
        BufferedImage without = renderer.draw(plain);
        Rectangle tile = guttered.tileBounds(5);
        Rectangle same = plain.tileBounds(5);
        int differing = 0;
        for (int y = 0; y < tile.height; y++) {
            for (int x = 0; x < tile.width; x++) {
                if (withBorder.getRGB(tile.x + x, tile.y + y) != without.getRGB(same.x + x, same.y + y)) {
                    differing++;
                }
            }
        }
        // anti-aliasing may round an edge pixel differently; the map itself must not move
        assertTrue(differing < 0.01 * tile.width * tile.height, differing + " pixels differ");
    }

    private static Metatile metatile(MetatileGrid geometry, int z, long x, long y) {
        return geometry.metatileOf(new TileKey("ne", WebMercator.GRID_SET, "png", null, x, y, z));
    }

    /** The pixel at a longitude and latitude of the metatile whose lower-left tile is (0, 0). */
    private static int pixelAt(BufferedImage image, int z, double longitude, double latitude) {
        return pixelAt(image, z, 0, 0, longitude, latitude);
    }

    private static int pixelAt(
            BufferedImage image, int z, long originX, long originY, double longitude, double latitude) {
        double size = WebMercator.worldSize(z);
        long top = (WebMercator.tilesAcross(z) - 1 - originY - 3) * 256;
        int x = (int) (WebMercator.x(longitude) * size - originX * 256);
        int y = (int) (WebMercator.y(latitude) * size - top);
        return image.getRGB(x, y);
    }
}
