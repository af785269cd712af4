package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetatileListTest {

    private static final TileGrid MERCATOR = TileGrid.of("EPSG:900913");

    @Test
    void metatilesAreWholeAlignedDistinctAndReachIntoTheBox() {
        double[] europe = {-10, 35, 30, 60};
        MetatileList list = MetatileList.of(MERCATOR, 6, 7, europe, 4, 4, 1);
        int count = list.remaining();
        Set<Tile> tiles = new HashSet<>();
        for (int i = 0; i < count; i++) {
            Metatile m = list.take();
            assertEquals(0, m.minX() % 4);
            assertEquals(0, m.minY() % 4);
            assertEquals(16, m.tiles().size());
            assertTrue(
                    m.minX() <= MERCATOR.column(europe[2], m.z()) && m.minX() + 4 > MERCATOR.column(europe[0], m.z()));
            assertTrue(m.minY() <= MERCATOR.row(europe[3], m.z()) && m.minY() + 4 > MERCATOR.row(europe[1], m.z()));
            m.tiles().forEach(t -> assertTrue(tiles.add(t), "tile in two metatiles: " + t));
        }
        // zoom 6: columns 30..37, rows 38..45 -> 3 x 3 metatiles; zoom 7: columns 60..74, rows 77..90 -> 4 x 4
        assertEquals(9 + 16, count);
        assertThrows(IllegalStateException.class, list::take);
    }

    @Test
    void metatilesAtTheGridsEdgeThatWouldShrinkAreLeftOut() {
        // 10x10 at zoom 4: 16 tiles across, so only the metatile at 0,0 is whole
        MetatileList list = MetatileList.of(MERCATOR, 4, 4, new double[] {-180, -85, 180, 85}, 10, 10, 1);
        assertEquals(List.of(new Metatile(4, 0, 0, 10, 10)), list.take(1));
        assertEquals(0, list.remaining());
    }

    @Test
    void theSameSeedGivesTheSameOrderAndAnotherSeedAnother() {
        double[] world = {-180, -85, 180, 85};
        List<Metatile> a = MetatileList.of(MERCATOR, 6, 6, world, 4, 4, 7).take(20);
        List<Metatile> b = MetatileList.of(MERCATOR, 6, 6, world, 4, 4, 7).take(20);
        List<Metatile> c = MetatileList.of(MERCATOR, 6, 6, world, 4, 4, 8).take(20);
        assertEquals(a, b);
        assertTrue(!a.equals(c));
    }
}
