package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.util.Arrays;
import java.util.BitSet;
import org.geoserver.gwc.layer.GeoServerMetaTile;
import org.geoserver.wms.WebMap;
import org.geoserver.wms.map.RenderedImageMap;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.mime.MimeType;

/**
 * GeoServer's metatile, whose geometry (alignment, edges, gutter, tile rectangles) is GeoWebCache's own,
 * described as the engine's {@link Metatile}.
 */
final class FanoutMetaTile extends GeoServerMetaTile {

    private volatile RenderedImageMap imageMap;

    FanoutMetaTile(GridSubset gridSubset, MimeType format, long[] tileIndex, int metaX, int metaY, int gutter) {
        super(gridSubset, format, null, tileIndex, metaX, metaY, gutter);
    }

    /** This metatile for the engine; {@code anyTile} gives the layer, grid set, format and parameters. */
    Metatile toMetatile(TileKey anyTile) {
        long[] bounds = getMetaTileGridBounds();
        long[][] positions = getTilesGridPositions();
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
                getMetaTileWidth(),
                getMetaTileHeight(),
                Arrays.asList(tiles),
                uncovered);
    }

    @Override
    public void setWebMap(WebMap webMap) {
        super.setWebMap(webMap);
        if (webMap instanceof RenderedImageMap rendered) {
            imageMap = rendered;
        }
    }

    /** The rendered map, once {@link #setWebMap} has been called with one. */
    RenderedImageMap imageMap() {
        RenderedImageMap rendered = imageMap;
        if (rendered == null) {
            throw new IllegalStateException("Metatile " + Arrays.toString(getMetaGridPos()) + " is not rendered");
        }
        return rendered;
    }

    GridSubset gridSubset() {
        return gridSubset;
    }
}
