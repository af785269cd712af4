package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TileKeyTest {

    private final TileKey styled = new TileKey("roads", "EPSG:4326", "png", "f00d", Map.of("STYLES", "night"), 3, 4, 5);

    /** A tile is found in flight and locked by its parameters id, whether or not its key carries the parameters. */
    @Test
    void tilesAreEqualByTheirParametersIdAlone() {
        TileKey byIdOnly = new TileKey("roads", "EPSG:4326", "png", "f00d", 3, 4, 5);

        assertEquals(byIdOnly, styled);
        assertEquals(byIdOnly.hashCode(), styled.hashCode());
        assertEquals(byIdOnly.lockKey(), styled.lockKey());
    }

    @Test
    void aSiblingKeepsTheParameters() {
        assertEquals(Map.of("STYLES", "night"), styled.at(2, 4, 5).parameters());
    }
}
