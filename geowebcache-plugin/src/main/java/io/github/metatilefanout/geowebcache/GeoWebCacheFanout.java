package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.MetricsMBean;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.gwc.ConveyorTileServer;
import io.github.metatilefanout.gwc.GeoWebCacheEngine;
import io.github.metatilefanout.gwc.LogBridge;
import io.github.metatilefanout.gwc.MetatileChoice;
import io.github.metatilefanout.gwc.TileLayerRules;
import java.util.logging.Logger;
import org.geotools.util.logging.Logging;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.config.ServerConfiguration;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.storage.StorageBroker;
import org.springframework.beans.factory.DisposableBean;

/**
 * The fan-out engine in standalone GeoWebCache: serves the metatiles of its WMS layers ({@link FanoutWMSLayer})
 * over GeoWebCache's storage broker and configured lock provider, and publishes the engine's metrics in JMX.
 */
public class GeoWebCacheFanout implements DisposableBean {

    static final String MBEAN_NAME = "geowebcache";

    private static final Logger LOGGER = Logging.getLogger(GeoWebCacheFanout.class);

    /**
     * The metrics this web application shows in JMX; guarded by the class. GeoWebCache's web application builds its
     * beans twice, in the root context and in its dispatcher servlet's (both load {@code geowebcache-servlet.xml}),
     * and the second serves the requests: the engine built last replaces the other's MBean.
     */
    private static MetricsMBean published;

    /** Before anything else, so that what the engine logs goes through GeoWebCache's logging to its log. */
    private final LogBridge.Installation logBridge = LogBridge.install(Logging::getLogger);

    private final GeoWebCacheEngine gwcEngine;
    private final FanoutEngine engine;
    private final PngEncoderChoice pngTiles;
    private final MetricsMBean mbean;

    /**
     * @param serverConfiguration GeoWebCache's configuration, whose lock provider ({@code <lockProvider>} in
     *     {@code geowebcache.xml}) the engine's locks go through
     * @param layers where each layer's cache expiry is looked up
     */
    public GeoWebCacheFanout(
            GeoWebCacheSettings settings,
            StorageBroker storageBroker,
            ServerConfiguration serverConfiguration,
            TileLayerDispatcher layers) {
        this.gwcEngine = new GeoWebCacheEngine(
                MBEAN_NAME,
                storageBroker,
                layers::getTileLayer,
                serverConfiguration::getLockProvider,
                WMSLayerLockKeys::new,
                settings.lockProtocol(),
                settings.engineSettings());
        this.engine = gwcEngine.engine();
        this.pngTiles = new PngEncoderChoice(settings.pngEncoder());
        this.mbean = publish(engine.metrics());
        LOGGER.info(
                settings.enabled()
                        ? "metatile-fanout active: the metatiles of WMS layers go through the fan-out engine, "
                                + settings + "; metrics in JMX as " + mbean.objectName()
                        : "metatile-fanout installed but switched off by " + GeoWebCacheSettings.ENABLED
                                + "=false: WMS layers keep GeoWebCache's own metatiling");
    }

    private static synchronized MetricsMBean publish(FanoutMetrics metrics) {
        if (published != null) {
            published.close();
        }
        published = MetricsMBean.register(metrics, MBEAN_NAME);
        return published;
    }

    private static synchronized void unpublish(MetricsMBean registration) {
        if (published == registration) {
            registration.close();
            published = null;
        }
    }

    /**
     * Serves {@code tile} of {@code layer} through the engine, its metatile {@code metaX} by {@code metaY} tiles:
     * from the cache, from a metatile in flight, or by rendering the metatile with one GetMap. On a level whose tiles
     * are not kept, with {@code METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED} on, the GetMap is of the tile alone, with
     * the layer's gutter. Tiles are written by GeoWebCache's writer, or by the engine's PNG encoder ({@link PngEncoderChoice}).
     */
    ConveyorTile getTile(FanoutWMSLayer layer, ConveyorTile tile, int metaX, int metaY, Mode mode)
            throws GeoWebCacheException {
        TileKey key = ConveyorTileServer.tileKey(layer.getName(), tile);
        FanoutWMSMetaTile metaTile = metaTile(layer, tile, metaX, metaY);
        CachePolicy policy =
                TileLayerRules.cachePolicy(layer, (int) tile.getTileIndex()[2], tile.isMetaTileCacheOnly());
        boolean tileAlone = policy != CachePolicy.PERSIST && engine.settings().singleTileWhenUncached();
        MetatileChoice<FanoutWMSMetaTile> choice = MetatileChoice.of(
                metaTile, tileAlone ? metaTile(layer, tile, 1, 1) : null, offered -> offered.toMetatile(key));
        WMSRendering rendering = new WMSRendering(choice, pngTiles.encoderFor(layer, tile.getMimeType()));
        return gwcEngine.conveyor().serve(engine, choice.request(key, rendering, rendering, policy, mode), tile);
    }

    /** The WMS metatile of {@code metaX} by {@code metaY} tiles that holds {@code tile}, with the layer's gutter. */
    private static FanoutWMSMetaTile metaTile(FanoutWMSLayer layer, ConveyorTile tile, int metaX, int metaY) {
        return new FanoutWMSMetaTile(
                layer,
                layer.getGridSubset(tile.getGridSetId()),
                tile.getMimeType(),
                tile.getTileIndex(),
                metaX,
                metaY,
                TileLayerRules.parametersOrDefaults(layer, tile));
    }

    /** The engine's metrics. */
    public FanoutMetrics metrics() {
        return engine.metrics();
    }

    /**
     * Stops the engine: tiles not yet encoded are dropped, those being encoded get a few seconds; then the engine's
     * records go to {@code java.util.logging}'s handlers again (once the other context's bean has stopped too).
     */
    @Override
    public void destroy() {
        unpublish(mbean);
        gwcEngine.close();
        logBridge.close();
    }
}
