package io.github.metatilefanout.geoserver;

import java.util.function.Supplier;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.layer.TileLayer;

/**
 * Hands out a {@link FanoutTileLayer} for every GeoServer tile layer while the engine is on, and leaves
 * other tile layers as they are. A wrapper keeps no state of its own ({@link FanoutTileLayer}), so a new one
 * is made on every call: nothing depends on a layer object's identity, and a wrapper lives no longer than
 * the layer it wraps. While the engine is off, GeoServer's own layers are handed out unchanged.
 */
final class FanoutTileLayers {

    private final Supplier<FanoutMetatiling> metatiling;

    /** @param metatiling the engine's, {@code null} while it is not available: layers are then left alone */
    FanoutTileLayers(Supplier<FanoutMetatiling> metatiling) {
        this.metatiling = metatiling;
    }

    /** {@code layer}, as a {@link FanoutTileLayer} if it is one of GeoServer's and the engine is on. */
    TileLayer wrap(TileLayer layer) {
        if (!(layer instanceof GeoServerTileLayer geoServerLayer) || layer instanceof FanoutTileLayer) {
            return layer;
        }
        FanoutMetatiling current = metatiling.get();
        if (current == null || !current.isOn()) {
            return layer;
        }
        return new FanoutTileLayer(geoServerLayer, current);
    }
}
