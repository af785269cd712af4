package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.gwc.FanoutInstance;
import io.github.metatilefanout.gwc.GeoWebCacheEngine;
import io.github.metatilefanout.gwc.StartupProperties;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import org.geoserver.gwc.GWC;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.platform.resource.ResourceStore;
import org.geowebcache.storage.StorageBroker;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * The plugin's life in GeoServer ({@link FanoutInstance}): at start-up, the engine over GeoWebCache's storage broker
 * and lock provider, with the admin's settings, which it then follows ({@link GeoServerSettings}), named {@value
 * #NAME} or, if another web application of the JVM holds that, {@code geoserver-2}, ...; at shutdown, the engine
 * closed. Tile layers reach the engine through {@link #metatiling()}.
 */
public class GeoServerFanout implements InitializingBean, DisposableBean {

    /** The instance's name, unless another web application of the JVM holds it. */
    static final String NAME = "geoserver";

    /** The switch's name until 2026-12-07: set, it stops start-up rather than being silently ignored. */
    static final String FORMER_SWITCH = "metatile-fanout.enabled";

    private static final Logger LOGGER = GeoServerLogBridge.logger(GeoServerFanout.class);

    private final GWC gwc;
    private final StorageBroker storageBroker;
    private final GeoServerSettings settings;
    private final FanoutSwitch fanoutSwitch;
    private volatile FanoutInstance instance;
    private volatile FanoutEngine engine;
    private volatile FanoutMetatiling metatiling;

    /**
     * @param resources GeoServer's resource store, where the settings are kept next to GeoWebCache's
     * @param overrides settings the deployment fixes, which win over the stored ones
     */
    public GeoServerFanout(
            GWC gwc,
            StorageBroker storageBroker,
            ResourceStore resources,
            SettingsOverrides overrides,
            FanoutSwitch fanoutSwitch) {
        this.gwc = gwc;
        this.storageBroker = storageBroker;
        this.fanoutSwitch = fanoutSwitch;
        this.settings = new GeoServerSettings(
                resources,
                () -> gwc.getConfig().getMetaTilingThreads(),
                overrides,
                this::apply,
                System::nanoTime,
                GeoServerSettings.OWN_THREAD);
    }

    /**
     * Reads the start-up choices, then builds the engine.
     *
     * @throws IllegalArgumentException if a start-up choice is bad, or the switch's former name {@value #FORMER_SWITCH}
     *     is set: GeoServer does not start, and nothing was built
     */
    @Override
    public void afterPropertiesSet() {
        String former = GeoServerExtensions.getProperty(FORMER_SWITCH);
        if (former != null) {
            throw new IllegalArgumentException(
                    FORMER_SWITCH + " is '" + former + "' and no longer read: remove it and set "
                            + StartupProperties.ENABLED + " to true (the default) or false instead");
        }
        boolean enabled = fanoutSwitch.isEnabled();
        LockProtocol protocol =
                StartupProperties.lockProtocol(GeoServerExtensions.getProperty(StartupProperties.LOCK_PROTOCOL));
        instance = new FanoutInstance(
                NAME,
                GeoServerLogBridge::hostLogger,
                name -> new GeoWebCacheEngine(
                        name,
                        storageBroker,
                        gwc::getTileLayerByName,
                        gwc::getLockProvider,
                        UnaryOperator.identity(),
                        protocol,
                        settings.initial()));
        engine = instance.engine().engine();
        settings.watch();
        metatiling = new FanoutMetatiling(engine, settings, instance.engine().conveyor(), fanoutSwitch);
        LOGGER.info((enabled
                        ? "metatile-fanout active: metatiles of GeoServer's cached layers go through the fan-out engine"
                        : "metatile-fanout installed but switched off by " + StartupProperties.ENABLED
                                + "=false: GeoServer's cached layers keep GeoServer's own metatiling")
                + ", " + engine.settings() + ", lock protocol " + StartupProperties.name(protocol) + "; "
                + instance.metricsInJmx());
    }

    @Override
    public void destroy() {
        settings.unwatch();
        if (instance != null) {
            instance.close();
        }
    }

    /** How GeoServer's tile layers reach the engine; {@code null} before start-up. */
    FanoutMetatiling metatiling() {
        return metatiling;
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
}
