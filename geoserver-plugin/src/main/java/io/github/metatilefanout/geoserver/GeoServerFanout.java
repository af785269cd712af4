package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.engine.png.PngFilter;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.gwc.EngineConveyor;
import io.github.metatilefanout.gwc.GwcLockProvider;
import io.github.metatilefanout.gwc.LockProtocolProperty;
import io.github.metatilefanout.gwc.StorageBrokerTileStore;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.ows.Dispatcher;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.platform.resource.ResourceStore;
import org.geoserver.wms.WMS;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.util.GWCVars;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * The fan-out engine in GeoServer: builds engine requests from GeoWebCache's conveyor tiles, keeps the
 * engine's pool size in step with GeoServer's "meta tiling threads" setting, and publishes the metrics
 * MBean.
 */
public class GeoServerFanout implements InitializingBean, DisposableBean {

    static final String MBEAN_NAME = "geoserver";

    private static final String PNG = "image/png";

    /** System property that starts GeoServer with the engine switched off: {@code -Dmetatile-fanout.enabled=false}. */
    public static final String ENABLED_PROPERTY = "metatile-fanout.enabled";

    private static final Logger LOGGER = GeoServerLogBridge.logger(GeoServerFanout.class);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    /** Before anything else, so that what the settings and the engine log lands in GeoServer's log. */
    private final GeoServerLogBridge logBridge = GeoServerLogBridge.install();

    private final GWC gwc;
    private final StorageBroker storageBroker;
    private final GeoServerSettings settings;
    private volatile EngineConveyor conveyor;
    private volatile GwcLockProvider locks;
    private volatile FanoutEngine engine;
    private volatile PngTileEncoder png;
    private FanoutMetrics.Registration mbean;
    private volatile boolean enabled = !"false".equalsIgnoreCase(System.getProperty(ENABLED_PROPERTY));

    /**
     * @param resources GeoServer's resource store, where the settings are kept next to GeoWebCache's
     * @param overrides settings the deployment fixes, which win over the stored ones
     */
    public GeoServerFanout(GWC gwc, StorageBroker storageBroker, ResourceStore resources, SettingsOverrides overrides) {
        this.gwc = gwc;
        this.storageBroker = storageBroker;
        this.settings =
                new GeoServerSettings(resources, () -> gwc.getConfig().getMetaTilingThreads(), overrides, this::apply);
    }

    @Override
    public void afterPropertiesSet() {
        StorageBrokerTileStore store = new StorageBrokerTileStore(storageBroker, this::maxAgeMillis);
        conveyor = new EngineConveyor(store);
        locks = new GwcLockProvider(gwc::getLockProvider);
        LockProtocol protocol = LockProtocolProperty.read(GeoServerExtensions.getProperty(LockProtocolProperty.NAME));
        engine = new FanoutEngine(locks, protocol, store, settings.initial());
        settings.watch();
        mbean = engine.metrics().registerMBean(MBEAN_NAME);
        LOGGER.info("metatile-fanout " + (enabled ? "active" : "installed but switched off by -D" + ENABLED_PROPERTY)
                + ": metatiles of GeoServer's cached layers go through the fan-out engine, pool of "
                + engine.settings().poolSize() + " threads, lock protocol " + LockProtocolProperty.name(protocol)
                + "; metrics in JMX as "
                + mbean.objectName());
    }

    @Override
    public void destroy() {
        settings.unwatch();
        if (mbean != null) {
            mbean.close();
        }
        if (engine != null) {
            engine.close(SHUTDOWN_GRACE);
        }
        if (logBridge != null) {
            logBridge.close();
        }
    }

    /** Whether the engine serves this tile: image formats; vector formats keep GeoServer's path. */
    boolean handles(ConveyorTile tile) {
        MimeType format = tile.getMimeType();
        return enabled && engine != null && format instanceof ImageMime && !format.isVector();
    }

    /**
     * Switches between the engine and GeoServer's own metatiling at runtime, for instance to compare them;
     * metatiles in flight complete either way.
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
        LOGGER.info("metatile-fanout " + (enabled ? "switched on" : "switched off"));
    }

    /**
     * Serves {@code tile} of {@code layer}: from the cache, from a metatile in flight, or by rendering its
     * metatile.
     */
    ConveyorTile getTile(GeoServerTileLayer layer, ConveyorTile tile, int metaX, int metaY)
            throws GeoWebCacheException {
        long[] index = tile.getTileIndex();
        int zoom = (int) index[2];
        boolean cached = layer.getExpireCache(zoom) != GWCVars.CACHE_DISABLE_CACHE;
        MimeType format = tile.getMimeType();
        GridSubset gridSubset = layer.getGridSubset(tile.getGridSetId());
        FanoutMetaTile metaTile = new FanoutMetaTile(
                gridSubset,
                format,
                index,
                metaX,
                metaY,
                format.isVector() ? 0 : layer.getInfo().getGutter());
        TileKey key = EngineConveyor.tileKey(layer.getName(), tile);
        Metatile metatile = metaTile.toMetatile(key);
        TileRequest request = new TileRequest(
                key,
                metatile,
                new GetMapRenderer(layer, tile, metaTile),
                encoder(format, metaTile, metatile),
                cached ? CachePolicy.PERSIST : CachePolicy.NONE,
                Dispatcher.REQUEST.get() == null ? Mode.SEEDING : Mode.INTERACTIVE);
        return conveyor.serve(currentEngine(), request, tile);
    }

    /**
     * The engine, first brought in step with GeoServer's "meta tiling threads", which an admin may change on
     * the Caching Defaults page or through the REST API.
     */
    FanoutEngine currentEngine() {
        settings.followPoolSize();
        return engine;
    }

    private void apply(FanoutSettings changed) {
        engine.reconfigure(changed);
    }

    /** The admin's settings: where they are kept and how they reach the engine. */
    public FanoutConfiguration configuration() {
        return settings;
    }

    /** The engine's metrics. */
    public FanoutMetrics metrics() {
        return engine.metrics();
    }

    /** In-process keys locked or waited for now, for diagnostics and tests. */
    int activeLockKeys() {
        return locks.activeKeys();
    }

    /**
     * PNG with this project's encoder, at the compression of GeoServer's WMS settings; the other formats
     * (PNG8, JPEG, JPEG-PNG...) with GeoServer's own map responses.
     */
    private TileEncoder encoder(MimeType format, FanoutMetaTile metaTile, Metatile metatile) {
        if (PNG.equals(format.getFormat())) {
            int level = PngTileEncoder.levelForGeoServerCompression(WMS.get().getPngCompression());
            PngTileEncoder current = png;
            if (current == null || current.level() != level) {
                current = new PngTileEncoder(level, PngFilter.NONE);
                png = current;
            }
            return current;
        }
        return new MapResponseTileEncoder(metaTile, metatile, format);
    }

    private long maxAgeMillis(String layerName, int zoom) {
        try {
            TileLayer layer = gwc.getTileLayerByName(layerName);
            return Math.max(0, layer.getExpireCache(zoom)) * 1000L;
        } catch (RuntimeException e) {
            LOGGER.log(Level.FINE, "No expiry known for layer " + layerName, e);
            return 0;
        }
    }
}
