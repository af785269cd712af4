package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.gwc.ConveyorTileServer;
import io.github.metatilefanout.gwc.FanoutInstance;
import io.github.metatilefanout.gwc.GeoWebCacheEngine;
import io.github.metatilefanout.gwc.MetatileChoice;
import io.github.metatilefanout.gwc.StartupProperties;
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
 * The fan-out engine in standalone GeoWebCache ({@link FanoutInstance}): serves the metatiles of its WMS layers
 * ({@link FanoutWMSLayer}) over GeoWebCache's storage broker and configured lock provider, and publishes the engine's
 * metrics in JMX, named {@value #NAME} or, if another web application of the JVM holds that, {@code geowebcache-2},
 * .... GeoWebCache's web application builds its beans twice, in the root context and in its dispatcher servlet's
 * (both load {@code geowebcache-servlet.xml}), and the second serves the requests: the engine built last takes over
 * the other's name and MBean.
 */
public class GeoWebCacheFanout implements DisposableBean {

    /** The instance's name, unless another web application of the JVM holds it. */
    static final String NAME = "geowebcache";

    private static final Logger LOGGER = Logging.getLogger(GeoWebCacheFanout.class);

    private final FanoutInstance instance;
    private final GeoWebCacheEngine gwcEngine;
    private final FanoutEngine engine;
    private final PngEncoderChoice pngTiles;

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
        this.instance = new FanoutInstance(
                NAME,
                Logging::getLogger,
                name -> new GeoWebCacheEngine(
                        name,
                        storageBroker,
                        layers::getTileLayer,
                        serverConfiguration::getLockProvider,
                        WMSLayerLockKeys::new,
                        settings.lockProtocol(),
                        settings.engineSettings()));
        this.gwcEngine = instance.engine();
        this.engine = gwcEngine.engine();
        try {
            this.pngTiles = new PngEncoderChoice(settings.pngEncoder());
        } catch (RuntimeException | Error e) {
            instance.close();
            throw e;
        }
        LOGGER.info(
                settings.enabled()
                        ? "metatile-fanout active: the metatiles of WMS layers go through the fan-out engine, "
                                + settings + "; " + instance.metricsInJmx()
                        : "metatile-fanout installed but switched off by " + StartupProperties.ENABLED
                                + "=false: WMS layers keep GeoWebCache's own metatiling");
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
        instance.close();
    }
}
