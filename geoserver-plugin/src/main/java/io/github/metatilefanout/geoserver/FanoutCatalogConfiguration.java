package io.github.metatilefanout.geoserver;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.geoserver.catalog.Catalog;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.layer.TileLayerCatalog;
import org.geoserver.platform.GeoServerExtensions;
import org.geowebcache.grid.GridSetBroker;
import org.geowebcache.layer.TileLayer;

/**
 * GeoServer's catalog tile layer configuration, handing out {@link FanoutTileLayer}s. GeoServer builds
 * and caches its tile layers here and every tile service reaches them through it; each GeoServer layer
 * instance gets one wrapper, dropped with it when GeoServer replaces it after a configuration change.
 */
public class FanoutCatalogConfiguration extends CatalogConfiguration {

    private final Cache<GeoServerTileLayer, FanoutTileLayer> wrappers =
            CacheBuilder.newBuilder().weakKeys().build();

    public FanoutCatalogConfiguration(Catalog catalog, TileLayerCatalog tileLayerCatalog, GridSetBroker gridSetBroker) {
        super(catalog, tileLayerCatalog, gridSetBroker);
    }

    @Override
    public Optional<TileLayer> getLayer(String layerName) {
        return super.getLayer(layerName).map(this::wrap);
    }

    @Override
    public Collection<TileLayer> getLayers() {
        return super.getLayers().stream().map(this::wrap).toList();
    }

    private TileLayer wrap(TileLayer layer) {
        GeoServerFanout fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        if (fanout == null
                || !(layer instanceof GeoServerTileLayer geoServerLayer)
                || layer instanceof FanoutTileLayer) {
            return layer;
        }
        try {
            return wrappers.get(geoServerLayer, () -> new FanoutTileLayer(geoServerLayer, fanout));
        } catch (ExecutionException e) {
            throw new IllegalStateException("Cannot wrap tile layer " + layer.getName(), e.getCause());
        }
    }
}
