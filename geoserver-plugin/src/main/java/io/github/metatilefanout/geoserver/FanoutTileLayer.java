package io.github.metatilefanout.geoserver;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.geoserver.catalog.PublishedInfo;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;

/**
 * GeoServer's tile layer, with its metatile path going through the fan-out engine. Cache-bypassing calls
 * (reseeding, non-cached requests) and formats the engine does not handle keep GeoServer's own path.
 *
 * <p>What GeoServer's layer works out once and keeps (its published layer, looked up lazily, which also
 * brings its style parameter filter up to date; its parameter filters' default values; its grid subsets)
 * is asked of the GeoServer layer this one wraps, so that every answer is the one that layer would give at
 * that moment, whether or not a wrapper existed before.
 */
public class FanoutTileLayer extends GeoServerTileLayer {

    private final transient FanoutMetatiling metatiling;
    private final transient GeoServerTileLayer layer;

    /** Wraps {@code layer}, sharing its configuration. */
    FanoutTileLayer(GeoServerTileLayer layer, FanoutMetatiling metatiling) {
        super(layer);
        this.metatiling = metatiling;
        this.layer = layer;
    }

    @Override
    public PublishedInfo getPublishedInfo() {
        return layer.getPublishedInfo();
    }

    @Override
    public Map<String, String> getDefaultParameterFilters() {
        return layer.getDefaultParameterFilters();
    }

    @Override
    public void resetParameterFilters() {
        layer.resetParameterFilters();
    }

    @Override
    public GridSubset getGridSubset(String gridSetId) {
        return layer.getGridSubset(gridSetId);
    }

    @Override
    public GridSubset removeGridSubset(String gridSetId) {
        return layer.removeGridSubset(gridSetId);
    }

    @Override
    public void addGridSubset(GridSubset gridSubset) {
        layer.addGridSubset(gridSubset);
    }

    @Override
    public void boundsChanged() {
        layer.boundsChanged();
    }

    @Override
    protected ConveyorTile getMetatilingResponse(ConveyorTile tile, boolean tryCache, int metaX, int metaY)
            throws GeoWebCacheException, IOException {
        if (!tryCache || !metatiling.serves(tile)) {
            return super.getMetatilingResponse(tile, tryCache, metaX, metaY);
        }
        return finish(metatiling.getTile(this, tile, metaX, metaY));
    }

    /** What GeoServer's layer adds to every tile it returns: caching headers, tile index header, the layer. */
    private ConveyorTile finish(ConveyorTile tile) {
        if (tile.servletResp != null) {
            Map<String, String> headers = new HashMap<>();
            GWC.setCacheControlHeaders(headers, this, (int) tile.getTileIndex()[2]);
            headers.forEach(tile.servletResp::setHeader);
            tile.servletResp.addHeader("geowebcache-tile-index", Arrays.toString(tile.getTileIndex()));
        }
        tile.setTileLayer(this);
        return tile;
    }
}
