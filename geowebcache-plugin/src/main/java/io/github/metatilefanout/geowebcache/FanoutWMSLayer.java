package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.TileRequest.Mode;
import java.io.IOException;
import java.util.function.Supplier;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;

/**
 * GeoWebCache's WMS layer, with its metatile path going through the fan-out engine: the metatile is rendered
 * once under its lock, the requested tile encoded and answered at once, the other tiles encoded and stored on
 * the engine's pool. GeoWebCache's configuration builds every {@code <wmsLayer>} as one of these while the
 * plugin is active ({@link FanoutLayerProvider}); the layer's definition is unchanged.
 *
 * <p>Whatever the engine does not serve keeps {@link WMSLayer}'s own path: formats other than images, a format
 * the layer does not offer, layers taking their expiry from the WMS, reseeding (which renders whatever is
 * cached), and seeding without metatiling.
 */
public class FanoutWMSLayer extends WMSLayer {

    /** Set by GeoWebCache's configuration when it builds the layer. */
    private transient volatile Supplier<GeoWebCacheFanout> fanout;

    /** Never called: GeoWebCache's configuration builds layers without a constructor, as it does {@link WMSLayer}s. */
    private FanoutWMSLayer() {
        super(null, null, null, null, null, null, null, null, null, false, null);
    }

    void serveThrough(Supplier<GeoWebCacheFanout> fanout) {
        this.fanout = fanout;
    }

    @Override
    public ConveyorTile getTile(ConveyorTile tile) throws GeoWebCacheException, IOException {
        if (!serves(tile)) {
            return super.getTile(tile);
        }
        long[] index = tile.getTileIndex();
        GridSubset gridSubset = getGridSubset(tile.getGridSetId());
        gridSubset.checkCoverage(index);
        tile.setMetaTileCacheOnly(!gridSubset.shouldCacheAtZoom(index[2]));
        ConveyorTile served = finish(engineTile(tile, Mode.INTERACTIVE));
        sendTileRequestedEvent(served);
        return served;
    }

    /** Seeds through the engine: every tile of the metatile is stored when this returns. */
    @Override
    public void seedTile(ConveyorTile tile, boolean tryCache) throws GeoWebCacheException, IOException {
        int[] factors = getMetaTilingFactors();
        if (!tryCache || !serves(tile) || factors[0] * factors[1] == 1) {
            super.seedTile(tile, tryCache);
        } else if (getGridSubset(tile.getGridSetId()).shouldCacheAtZoom(tile.getTileIndex()[2])) {
            engineTile(tile, Mode.SEEDING);
        }
    }

    private ConveyorTile engineTile(ConveyorTile tile, Mode mode) throws GeoWebCacheException {
        int[] factors = getMetaTilingFactors();
        return fanout.get().getTile(this, tile, factors[0], factors[1], mode);
    }

    private boolean serves(ConveyorTile tile) {
        MimeType format = tile.getMimeType();
        return fanout != null
                && format instanceof ImageMime
                && format.supportsTiling()
                && formats.contains(format)
                && !saveExpirationHeaders;
    }

    /** What GeoWebCache's WMS layer adds to every tile it returns: the expiry headers. */
    private ConveyorTile finish(ConveyorTile tile) {
        if (tile.servletResp != null) {
            setExpirationHeader(tile.servletResp, (int) tile.getTileIndex()[2]);
        }
        return tile;
    }
}
