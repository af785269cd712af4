package io.github.metatilefanout.geoserver;

import org.geoserver.config.GeoServer;
import org.geoserver.gwc.GWC;
import org.geoserver.platform.GeoServerResourceLoader;
import org.geoserver.platform.ModuleStatus.Category;
import org.geoserver.platform.ModuleStatusImpl;
import org.geowebcache.storage.StorageBroker;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The plugin's beans, declared once for both ways GeoServer starts: {@code applicationContext.xml} declares
 * this class in plain GeoServer, {@link FanoutAutoConfiguration} imports it in GeoServer Cloud. GeoServer's
 * beans are found by type, as their names may differ between the two. The one bean only plain GeoServer
 * gets, the file lock provider {@link FanoutFileLockProvider}, is declared in {@code applicationContext.xml}.
 */
@Configuration(proxyBeanMethods = false)
public class FanoutBeans {

    /** Points the Caching Defaults menu entry at the page with the plugin's settings panel. */
    @Bean
    static FanoutBeanFactoryPostProcessor metatileFanoutBeanFactoryPostProcessor() {
        return new FanoutBeanFactoryPostProcessor();
    }

    /** Serves the layers of {@code gwcCatalogConfiguration}, whatever its class, through the engine. */
    @Bean
    static FanoutConfigurationPostProcessor metatileFanoutConfigurationPostProcessor() {
        return new FanoutConfigurationPostProcessor();
    }

    /**
     * The engine in GeoServer.
     *
     * @param overrides settings the deployment fixes (GeoServer Cloud's configuration properties); none in
     *     plain GeoServer
     */
    @Bean
    GeoServerFanout metatileFanout(
            GWC gwc,
            StorageBroker storageBroker,
            GeoServerResourceLoader resourceLoader,
            ObjectProvider<SettingsOverrides> overrides,
            FanoutSwitch metatileFanoutSwitch) {
        return new GeoServerFanout(
                gwc,
                storageBroker,
                resourceLoader,
                overrides.getIfAvailable(() -> SettingsOverrides.NONE),
                metatileFanoutSwitch);
    }

    /** The plugin's log level follows GeoServer's logging profile. */
    @Bean
    FanoutLogLevel metatileFanoutLogLevel(GeoServer geoServer) {
        return new FanoutLogLevel(geoServer);
    }

    /** Whether tile layers go through the engine: on unless switched off ({@link FanoutSwitch}). */
    @Bean
    FanoutSwitch metatileFanoutSwitch() {
        return new FanoutSwitch();
    }

    /** GeoWebCache's REST API writes the plugin's tile layers as GeoServer's. */
    @Bean
    FanoutRestConfigurationProvider metatileFanoutRestConfigurationProvider() {
        return new FanoutRestConfigurationProvider();
    }

    /** The entry in About & Status → Modules. */
    @Bean
    ModuleStatusImpl metatileFanoutModuleStatus() {
        ModuleStatusImpl status = new ModuleStatusImpl(
                "metatile-fanout", "metatile-fanout: fan-out metatiling for the integrated GeoWebCache");
        status.setCategory(Category.COMMUNITY);
        return status;
    }
}
