package io.github.metatilefanout.benchmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    private static final MetatileGrid GEOMETRY = new MetatileGrid(4, 4, 0);

    @Test
    void hitsFollowTheRatioExactlyPerHundredRequests() {
        Workload workload = new Workload(GEOMETRY, 75, Workload.SEED);
        Set<TileKey> seeded = seededTiles(workload);

        int hits = 0;
        for (long i = 0; i < 200; i++) {
            TileKey tile = workload.request(i);
            if (tile.layer().equals(Workload.SEEDED_LAYER)) {
                assertTrue(seeded.contains(tile), tile + " was not seeded");
                hits++;
            }
        }
        assertEquals(150, hits);
    }

    @Test
    void missesNeverAskForTheSameMetatileTwice() {
        Workload workload = new Workload(GEOMETRY, 0, Workload.SEED);
        Set<String> metatiles = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            TileKey miss = workload.request(i);
            assertTrue(miss.layer().startsWith(Workload.MISS_LAYER_PREFIX), miss.toString());
            Metatile metatile = GEOMETRY.metatileOf(miss);
            assertTrue(metatiles.add(metatile.toString()), "asked twice: " + metatile);
        }
    }

    @Test
    void sameSeedSameRequests() {
        Workload one = new Workload(GEOMETRY, 50, 7);
        Workload two = new Workload(GEOMETRY, 50, 7);
        for (long i = 0; i < 300; i++) {
            assertEquals(one.request(i), two.request(i));
        }
    }

    @Test
    void metatilesAreFullAndAtTheWorkloadZoomLevels() {
        Workload workload = new Workload(new MetatileGrid(10, 10, 0), 90, Workload.SEED);
        List<Metatile> seeded = workload.seededMetatiles();
        assertTrue(!seeded.isEmpty());
        for (int i = 0; i < 100; i++) {
            Metatile metatile = workload.metatile(i);
            assertEquals(100, metatile.tileCount(), metatile.toString());
            int z = metatile.origin().z();
            assertTrue(z >= Workload.FIRST_ZOOM && z <= Workload.LAST_ZOOM, metatile.toString());
        }
    }

    private static Set<TileKey> seededTiles(Workload workload) {
        Set<TileKey> tiles = new HashSet<>();
        for (Metatile metatile : workload.seededMetatiles()) {
            for (int i = 0; i < metatile.tileCount(); i++) {
                tiles.add(metatile.tile(i));
            }
        }
        return tiles;
    }
}
