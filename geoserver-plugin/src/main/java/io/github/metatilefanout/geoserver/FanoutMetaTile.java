package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.gwc.MetaTiles;
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

    private volatile RenderedImageMap imageMap;

    FanoutMetaTile(GridSubset gridSubset, MimeType format, long[] tileIndex, int metaX, int metaY, int gutter) {
        super(gridSubset, format, null, tileIndex, metaX, metaY, gutter);
    }

    /** This metatile for the engine; {@code anyTile} gives the layer, grid set, format and parameters. */
    Metatile toMetatile(TileKey anyTile) {
        return MetaTiles.describe(this, tiles, gridSubset, anyTile);
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
