package io.github.metatilefanout.geoserver;

import java.util.function.ToLongBiFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geoserver.gwc.GWC;

/**
 * The "expire cache" of GeoServer's tile layers (per zoom level, in seconds) as the age in milliseconds after
 * which a stored tile is stale; {@code 0}, never, where it is not positive or the layer is unknown.
 */
final class TileLayerExpiry implements ToLongBiFunction<String, Integer> {

    private static final Logger LOGGER = GeoServerLogBridge.logger(TileLayerExpiry.class);

    private final GWC gwc;

    TileLayerExpiry(GWC gwc) {
        this.gwc = gwc;
    }

    @Override
    public long applyAsLong(String layerName, Integer zoom) {
        try {
            return Math.max(0, gwc.getTileLayerByName(layerName).getExpireCache(zoom)) * 1000L;
        } catch (RuntimeException e) {
            LOGGER.log(Level.FINE, "No expiry known for layer " + layerName, e);
            return 0;
        }
    }
}
