package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.awt.Rectangle;
import java.util.Arrays;
import java.util.BitSet;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.layer.MetaTile;

/**
 * GeoWebCache's metatiles described as the engine's {@link Metatile}: the geometry (alignment, coverage edges,
 * gutter, tile rectangles) stays GeoWebCache's own.
 */
public final class EngineMetatiles {

    private EngineMetatiles() {}

    /**
     * {@code metaTile} for the engine.
     *
     * @param tiles its tile rectangles in the image, {@code MetaTile}'s protected {@code tiles}
     * @param gridSubset the grid subset it was made for
     * @param anyTile one of its tiles: gives the layer, grid set, format and parameters
     */
    public static Metatile describe(MetaTile metaTile, Rectangle[] tiles, GridSubset gridSubset, TileKey anyTile) {
        long[] bounds = metaTile.getMetaTileGridBounds();
        long[][] positions = metaTile.getTilesGridPositions();
        BitSet uncovered = new BitSet();
        for (int i = 0; i < positions.length; i++) {
            if (!gridSubset.covers(positions[i])) {
                uncovered.set(i);
            }
        }
        return new Metatile(
                anyTile.at(bounds[0], bounds[1], (int) bounds[4]),
                (int) (bounds[2] - bounds[0] + 1),
                (int) (bounds[3] - bounds[1] + 1),
                metaTile.getMetaTileWidth(),
                metaTile.getMetaTileHeight(),
                Arrays.asList(tiles),
                uncovered);
    }

    /**
     * The index of the tile whose rectangle in the metatile's image is {@code tileBounds}, as GeoWebCache numbers a
     * metatile's tiles.
     *
     * @param tiles the metatile's tile rectangles, {@code MetaTile}'s protected {@code tiles}
     * @param metaTile the metatile, as the message names it
     * @throws IllegalArgumentException if {@code tileBounds} is not one of {@code tiles}
     */
    public static int tileIndex(Rectangle[] tiles, Rectangle tileBounds, Object metaTile) {
        for (int i = 0; i < tiles.length; i++) {
            if (tiles[i].equals(tileBounds)) {
                return i;
            }
        }
        throw new IllegalArgumentException(tileBounds + " is not a tile of metatile " + metaTile);
    }
}
