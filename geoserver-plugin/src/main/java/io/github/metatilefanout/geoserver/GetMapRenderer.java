package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.gwc.MetatileChoice;
import io.github.metatilefanout.gwc.TileLayerRules;
import jakarta.servlet.http.Cookie;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.geoserver.catalog.LayerGroupInfo;
import org.geoserver.catalog.LayerInfo;
import org.geoserver.catalog.PublishedInfo;
import org.geoserver.catalog.WorkspaceInfo;
import org.geoserver.config.GeoServer;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.util.DimensionWarning;
import org.geoserver.util.HTTPWarningAppender;
import org.geoserver.wms.GetMapRequest;
import org.geoserver.wms.MetatileContextHolder;
import org.geoserver.wms.WebMap;
import org.geoserver.wms.map.RenderedImageMap;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;

/**
 * Renders a metatile with a GetMap dispatched inside GeoServer, on the requesting thread, as GeoServer's own
 * tile layer does: the tile's metatile, or, where the engine asks for it, the tile alone with its gutter.
 */
final class GetMapRenderer implements MetatileRenderer {

    private final GeoServerTileLayer layer;
    private final ConveyorTile tile;
    private final MetatileChoice<FanoutMetaTile> choice;
    private final FanoutMetaTile metaTile;
    private volatile FanoutMetaTile rendered;

    /**
     * @param choice the tile's metatile, and the tile alone with its gutter if offered
     */
    GetMapRenderer(GeoServerTileLayer layer, ConveyorTile tile, MetatileChoice<FanoutMetaTile> choice) {
        this.layer = layer;
        this.tile = tile;
        this.choice = choice;
        this.metaTile = choice.metaTile();
    }

    /**
     * {@inheritDoc}
     *
     * <p>The map the GetMap made is disposed exactly once on every path: by the engine, through the image returned,
     * or here if anything fails before the image is returned.
     */
    @Override
    public MetatileImage render(Metatile metatile) throws Exception {
        FanoutMetaTile target = choice.target(metatile);
        WebMap map = dispatchGetMap(target, metatileContext(metatile));
        boolean handedOver = false;
        try {
            MetatileImage image = image(target, map);
            handedOver = true;
            return image;
        } finally {
            if (!handedOver && map != null) {
                map.dispose();
            }
        }
    }

    /** The image of {@code map}, the GetMap's answer for {@code target}, which the engine then disposes. */
    private MetatileImage image(FanoutMetaTile target, WebMap map) {
        if (!(map instanceof RenderedImageMap imageMap)) {
            throw new IllegalStateException("GetMap for " + layer.getName() + " returned "
                    + (map == null ? "nothing" : map.getClass().getSimpleName()) + ", not an image");
        }
        target.setWebMap(imageMap);
        MetatileImage image = MetatileImage.of(imageMap.getImage(), target::dispose);
        if (cachedOnlyTransiently()) {
            tile.setMetaTileCacheOnly(true);
            image = image.withCachePolicy(CachePolicy.TRANSIENT);
        }
        rendered = target;
        return image;
    }

    /** The metatile rendered: the tile's metatile or the tile alone. */
    FanoutMetaTile rendered() {
        FanoutMetaTile done = rendered;
        if (done == null) {
            throw new IllegalStateException("Nothing rendered yet for tile " + Arrays.toString(tile.getTileIndex()));
        }
        return done;
    }

    /**
     * What the GetMap's output formats learn of the metatile: its size in pixels and the tile size; nothing
     * for a metatile of one tile.
     */
    // as GeoServerTileLayer#buildMetaInfo (private), GeoServer 3.0.0
    private MetatileContextHolder.MetaInfo metatileContext(Metatile metatile) {
        if (metatile.tileCount() == 1) {
            return null;
        }
        int tileSize = metaTile.gridSubset().getGridSet().getTileWidth();
        return new MetatileContextHolder.MetaInfo(
                metatile.tilesWide() * tileSize, metatile.tilesHigh() * tileSize, tileSize);
    }

    /** As GeoServer does: zoom levels outside the cached range, and maps with skipped dimension warnings. */
    // re-implements GeoServerTileLayer#setupCachingStrategy (private), GeoServer 3.0.0
    private boolean cachedOnlyTransiently() {
        int zoom = (int) tile.getTileIndex()[2];
        if (!metaTile.gridSubset().shouldCacheAtZoom(zoom)) {
            return true;
        }
        Set<DimensionWarning.WarningType> skips = layer.getInfo().getCacheWarningSkips();
        return skips != null && HTTPWarningAppender.anyMatch(skips);
    }

    /**
     * The map the GetMap for {@code target} made, its output formats told of the metatile by {@code context}; if the
     * dispatch fails after making one, that map is disposed.
     */
    // re-implements GeoServerTileLayer#dispatchGetMap (private), GeoServer 3.0.0
    private WebMap dispatchGetMap(FanoutMetaTile target, MetatileContextHolder.MetaInfo context) throws Exception {
        Cookie[] cookies = tile.servletReq == null ? null : tile.servletReq.getCookies();
        WebMap made = null;
        try {
            MetatileContextHolder.set(context);
            GWC.get().dispatchOwsRequest(getMapParameters(target), cookies);
            Set<DimensionWarning> warnings = GeoServerTileLayer.DIMENSION_WARNINGS.get();
            if (warnings != null) {
                warnings.forEach(HTTPWarningAppender::addWarning);
            }
            made = GeoServerTileLayer.WEB_MAP.get();
            return made;
        } finally {
            MetatileContextHolder.clear();
            WebMap left = GeoServerTileLayer.WEB_MAP.get();
            GeoServerTileLayer.WEB_MAP.remove();
            if (made == null && left != null) {
                left.dispose();
            }
        }
    }

    // re-implements GeoServerTileLayer#buildGetMap (private), GeoServer 3.0.0
    private Map<String, String> getMapParameters(FanoutMetaTile target) {
        GridSubset gridSubset = target.gridSubset();
        Map<String, String> parameters = new HashMap<>();
        parameters.put("SERVICE", "WMS");
        parameters.put("VERSION", "1.1.1");
        parameters.put("REQUEST", "GetMap");
        parameters.put("LAYERS", layer.getName());
        parameters.put("SRS", gridSubset.getSRS().toString());
        parameters.put("FORMAT", tile.getMimeType().getFormat());
        parameters.put("WIDTH", String.valueOf(target.getMetaTileWidth()));
        parameters.put("HEIGHT", String.valueOf(target.getMetaTileHeight()));
        parameters.put("BBOX", target.getMetaTileBounds().toString());
        parameters.put("EXCEPTIONS", GetMapRequest.SE_XML);
        parameters.put("STYLES", "");
        parameters.put("TRANSPARENT", "true");
        parameters.put(GeoServerTileLayer.GWC_SEED_INTERCEPT_TOKEN, "true");
        String workspace = workspaceWhenServicesAreNotGlobal();
        if (workspace != null) {
            parameters.put("WORKSPACE", workspace);
        }
        parameters.putAll(TileLayerRules.parametersOrDefaults(layer, tile));
        return parameters;
    }

    // the WORKSPACE part of GeoServerTileLayer#buildGetMap (private), GeoServer 3.0.0
    private String workspaceWhenServicesAreNotGlobal() {
        GeoServer geoServer = GeoServerExtensions.bean(GeoServer.class);
        if (geoServer == null || geoServer.getGlobal().isGlobalServices()) {
            return null;
        }
        PublishedInfo published = layer.getPublishedInfo();
        if (published instanceof LayerInfo layerInfo) {
            return layerInfo.getResource().getNamespace().getName();
        }
        WorkspaceInfo workspace = ((LayerGroupInfo) published).getWorkspace();
        if (workspace == null) {
            throw new IllegalStateException("Global web services are disabled, so the global layer group "
                    + published.getName() + " cannot be rendered");
        }
        return workspace.getName();
    }
}
