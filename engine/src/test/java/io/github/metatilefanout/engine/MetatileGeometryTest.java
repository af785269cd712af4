package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.MetatileGeometry.Coverage;
import java.awt.Rectangle;
import org.junit.jupiter.api.Test;

class MetatileGeometryTest {

    private static final Coverage COVERAGE = new Coverage(5, 2, 3, 29, 30);

    private static TileKey tile(long x, long y) {
        return new TileKey("roads", "EPSG:4326", "png", null, x, y, 5);
    }

    @Test
    void alignsOnMultiplesOfTheMetaFactors() {
        Metatile metatile = new MetatileGeometry(4, 4, 256, 256, 0).metatileOf(tile(13, 10), COVERAGE);

        assertEquals(tile(12, 8), metatile.origin());
        assertEquals(16, metatile.tileCount());
        assertEquals(1024, metatile.imageWidth());
        assertEquals(1024, metatile.imageHeight());
    }

    @Test
    void shrinksAtTheUpperAndRightEdgesAndLeavesTilesBelowOrLeftUncovered() {
        MetatileGeometry geometry = new MetatileGeometry(4, 4, 256, 256, 0);

        Metatile lowerLeft = geometry.metatileOf(tile(2, 3), COVERAGE);
        Metatile upperRight = geometry.metatileOf(tile(29, 30), COVERAGE);

        assertEquals(tile(0, 0), lowerLeft.origin());
        assertEquals(4, lowerLeft.tilesWide());
        assertEquals(4, lowerLeft.tilesHigh());
        assertEquals(2, lowerLeft.coveredTileCount());
        assertTrue(lowerLeft.isCovered(lowerLeft.indexOf(tile(2, 3))));
        assertTrue(lowerLeft.isCovered(lowerLeft.indexOf(tile(3, 3))));
        assertFalse(lowerLeft.isCovered(lowerLeft.indexOf(tile(1, 3))));
        assertFalse(lowerLeft.isCovered(lowerLeft.indexOf(tile(2, 2))));
        assertEquals(tile(28, 28), upperRight.origin());
        assertEquals(2, upperRight.tilesWide());
        assertEquals(3, upperRight.tilesHigh());
        assertEquals(6, upperRight.coveredTileCount());
    }

    @Test
    void tileIndexCountsRowsUpwardsWhilePixelRowsRunDownwards() {
        Metatile metatile = new MetatileGeometry(2, 2, 256, 256, 0).metatileOf(tile(4, 4), COVERAGE);

        assertEquals(tile(4, 4), metatile.tile(0));
        assertEquals(tile(5, 4), metatile.tile(1));
        assertEquals(tile(4, 5), metatile.tile(2));
        assertEquals(new Rectangle(0, 256, 256, 256), metatile.tileBounds(0));
        assertEquals(new Rectangle(256, 256, 256, 256), metatile.tileBounds(1));
        assertEquals(new Rectangle(0, 0, 256, 256), metatile.tileBounds(2));
        assertEquals(3, metatile.indexOf(tile(5, 5)));
    }

    @Test
    void gutterOnlyOnSidesInsideTheCoverage() {
        MetatileGeometry geometry = new MetatileGeometry(4, 4, 256, 256, 10);

        Metatile inside = geometry.metatileOf(tile(13, 10), COVERAGE);
        Metatile corner = geometry.metatileOf(tile(29, 30), COVERAGE);

        assertEquals(1024 + 20, inside.imageWidth());
        assertEquals(1024 + 20, inside.imageHeight());
        assertEquals(new Rectangle(10, 10 + 3 * 256, 256, 256), inside.tileBounds(0));
        // at the right and upper edges of the coverage: gutter only on the left and at the bottom
        assertEquals(10 + 2 * 256, corner.imageWidth());
        assertEquals(3 * 256 + 10, corner.imageHeight());
        assertEquals(new Rectangle(10, 2 * 256, 256, 256), corner.tileBounds(0));
    }

    @Test
    void lockKeysFollowGeoServersLayout() {
        Metatile metatile = new MetatileGeometry(4, 4, 256, 256, 0).metatileOf(tile(13, 10), COVERAGE);

        assertEquals("gwc_metatile_roads_EPSG:4326_12_8_5.png", metatile.lockKey());
        assertEquals("gwc_tile_roads_EPSG:4326_13_10_5.png", tile(13, 10).lockKey());
        assertEquals(
                "gwc_tile_roads_EPSG:4326_1_2_3_abc.png",
                new TileKey("roads", "EPSG:4326", "png", "abc", 1, 2, 3).lockKey());
    }

    @Test
    void rejectsTilesOutsideTheMetatileOrCoverage() {
        Metatile metatile = new MetatileGeometry(4, 4, 256, 256, 0).metatileOf(tile(13, 10), COVERAGE);
        MetatileGeometry geometry = new MetatileGeometry(4, 4, 256, 256, 0);

        IllegalArgumentException outside =
                assertThrows(IllegalArgumentException.class, () -> metatile.indexOf(tile(16, 10)));
        IllegalArgumentException uncovered =
                assertThrows(IllegalArgumentException.class, () -> geometry.metatileOf(tile(1, 10), COVERAGE));

        assertEquals(
                "Tile roads/EPSG:4326/5/16/10 is not part of metatile roads/EPSG:4326/5/12/8 [4x4]",
                outside.getMessage());
        assertEquals(
                "Tile roads/EPSG:4326/5/1/10 is outside the coverage Coverage[z=5, minX=2, minY=3, maxX=29, maxY=30]",
                uncovered.getMessage());
    }

    @Test
    void requestsForTilesOutsideTheCoverageAreRejected() {
        Metatile lowerLeft = new MetatileGeometry(4, 4, 256, 256, 0).metatileOf(tile(2, 3), COVERAGE);

        IllegalArgumentException failure = assertThrows(
                IllegalArgumentException.class,
                () -> TileRequest.interactive(tile(1, 3), lowerLeft, m -> null, (image, bounds) -> new byte[0]));

        assertEquals(
                "Tile roads/EPSG:4326/5/1/3 is outside the coverage of metatile roads/EPSG:4326/5/0/0 [4x4]",
                failure.getMessage());
    }

    @Test
    void badFactorsNameTheValueAndTheRange() {
        IllegalArgumentException failure =
                assertThrows(IllegalArgumentException.class, () -> new MetatileGeometry(0, 4, 256, 256, 0));
        assertEquals("metaWide is 0; allowed range is 1 to 20", failure.getMessage());
    }
}
