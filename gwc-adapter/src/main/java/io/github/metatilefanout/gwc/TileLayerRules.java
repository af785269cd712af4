package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.CachePolicy;
import java.util.Map;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.util.GWCVars;

/**
 * What GeoWebCache's tile layers decide for a tile, decided the same way for both plugins' layers: what becomes of
 * its tiles, and the parameters its metatile is rendered with.
 */
public final class TileLayerRules {

    private TileLayerRules() {}

    /**
     * What becomes of the tiles of {@code layer} at {@code zoom}, as in GeoWebCache's layers: nothing is kept where
     * the layer's expire cache is {@link GWCVars#CACHE_DISABLE_CACHE} (server cache off); elsewhere they go to
     * GeoWebCache's transient cache if {@code transientOnly}, else to the blob store.
     *
     * @param transientOnly whether the plugin knows before the lookup that the tiles are not to be stored (a zoom
     *     outside the cached range)
     */
    public static CachePolicy cachePolicy(TileLayer layer, int zoom, boolean transientOnly) {
        if (layer.getExpireCache(zoom) == GWCVars.CACHE_DISABLE_CACHE) {
            return CachePolicy.NONE;
        }
        return transientOnly ? CachePolicy.TRANSIENT : CachePolicy.PERSIST;
    }

    /**
     * The parameters {@code tile} asks for, or {@code layer}'s defaults when it asks for none: what GeoWebCache's
     * layers send with the GetMap that renders the tile's metatile.
     */
    public static Map<String, String> parametersOrDefaults(TileLayer layer, ConveyorTile tile) {
        Map<String, String> parameters = tile.getFilteringParameters();
        return parameters.isEmpty() ? layer.getDefaultParameterFilters() : parameters;
    }
}
