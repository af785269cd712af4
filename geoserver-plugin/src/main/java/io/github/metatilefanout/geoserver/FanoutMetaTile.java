package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.gwc.EngineMetatiles;
import java.awt.Rectangle;
import java.util.Arrays;
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

    private final Metatile metatile;
    private volatile RenderedImageMap imageMap;

    /** @param anyTile one of its tiles: gives the layer, grid set, format and parameters */
    FanoutMetaTile(
            GridSubset gridSubset,
            MimeType format,
            long[] tileIndex,
            int metaX,
            int metaY,
            int gutter,
            TileKey anyTile) {
        super(gridSubset, format, null, tileIndex, metaX, metaY, gutter);
        this.metatile = EngineMetatiles.describe(this, tiles, gridSubset, anyTile);
    }

    /** This metatile for the engine. */
    Metatile metatile() {
        return metatile;
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

    /** The grid position of the tile whose rectangle in the metatile's image is {@code tileBounds}. */
    long[] tileGridPosition(Rectangle tileBounds) {
        return getTilesGridPositions()[EngineMetatiles.tileIndex(tiles, tileBounds, metatile)];
    }
}
