package io.github.metatilefanout.geoserver;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.util.concurrent.UncheckedExecutionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.layer.TileLayer;

/**
 * Hands out a {@link FanoutTileLayer} for every GeoServer tile layer and leaves other tile layers as they
 * are. Nothing depends on a layer object's identity: a configuration that builds a new layer on every call
 * gets a new wrapper each time; one that keeps its layers gets the same wrapper back, which saves
 * recomputing the layer's grid subsets. A wrapper holds no reference to the layer it wraps, so that it is
 * dropped with it.
 */
final class FanoutTileLayers {

    private static final Logger LOGGER = GeoServerLogBridge.logger(FanoutTileLayers.class);

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
        } catch (ExecutionException | UncheckedExecutionException e) {
            // also seen for every layer while GeoServer stops (GeoWebCache reloads its layers after the
            // catalog has emptied): one line each, the stack trace only at FINE
            LOGGER.warning("metatile-fanout: tile layer " + layer.getName() + " keeps GeoServer's own path: "
                    + e.getCause().getMessage());
            LOGGER.log(Level.FINE, "metatile-fanout: why tile layer " + layer.getName() + " was not wrapped", e);
            return layer;
        }
    }
}
