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

/**
 * GeoServer's tile layer, with its metatile path going through the fan-out engine. Cache-bypassing calls
 * (reseeding, non-cached requests) and formats the engine does not handle keep GeoServer's own path.
 */
public class FanoutTileLayer extends GeoServerTileLayer {

    private final transient GeoServerFanout fanout;
    /** Taken from the wrapped layer, whose object this one must not keep alive (see FanoutTileLayers). */
    private final transient PublishedInfo publishedInfo;

    /** Wraps {@code layer}, sharing its configuration. */
    public FanoutTileLayer(GeoServerTileLayer layer, GeoServerFanout fanout) {
        super(layer);
        this.fanout = fanout;
        this.publishedInfo = layer.getPublishedInfo();
    }

    /**
     * The wrapped layer's: GeoServer's copy constructor keeps only the id, which a layer built from its
     * published info (not from the catalog) cannot look up again.
     */
    @Override
    public PublishedInfo getPublishedInfo() {
        return publishedInfo;
    }

    @Override
    protected ConveyorTile getMetatilingResponse(ConveyorTile tile, boolean tryCache, int metaX, int metaY)
            throws GeoWebCacheException, IOException {
        if (!tryCache || !fanout.handles(tile)) {
            return super.getMetatilingResponse(tile, tryCache, metaX, metaY);
        }
        return finish(fanout.getTile(this, tile, metaX, metaY));
    }

    /** What GeoServer's layer does with every tile it returns: status, caching headers, tile index header. */
    private ConveyorTile finish(ConveyorTile tile) {
        if (tile.getStatus() == 0 && !tile.getError()) {
            tile.setStatus(200);
        }
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
