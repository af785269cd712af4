package io.github.metatilefanout.geoserver;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.layer.TileLayer;

/**
 * Hands out a {@link FanoutTileLayer} for every GeoServer tile layer and leaves other tile layers as they
 * are. Nothing depends on a layer object's identity: a configuration that builds a new layer on every call
 * gets a new wrapper each time; one that keeps its layers gets the same wrapper back, which saves
 * recomputing the layer's grid subsets.
 */
final class FanoutTileLayers {

    private final Supplier<GeoServerFanout> fanout;
    private final Cache<GeoServerTileLayer, FanoutTileLayer> wrappers =
            CacheBuilder.newBuilder().weakKeys().build();

    /** @param fanout the plugin's engine, {@code null} while it is not available: layers are then left alone */
    FanoutTileLayers(Supplier<GeoServerFanout> fanout) {
        this.fanout = fanout;
    }

    /** {@code layer}, as a {@link FanoutTileLayer} if it is one of GeoServer's. */
    TileLayer wrap(TileLayer layer) {
        if (!(layer instanceof GeoServerTileLayer geoServerLayer) || layer instanceof FanoutTileLayer) {
            return layer;
        }
        GeoServerFanout engine = fanout.get();
        if (engine == null) {
            return layer;
        }
        try {
            return wrappers.get(geoServerLayer, () -> new FanoutTileLayer(geoServerLayer, engine));
        } catch (ExecutionException e) {
            throw new IllegalStateException("Cannot wrap tile layer " + layer.getName(), e.getCause());
        }
    }
}
