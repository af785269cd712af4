package io.github.metatilefanout.geoserver;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Installs the plugin in GeoServer Cloud, which loads extensions only as Spring Boot auto-configurations: the
 * same beans as {@code applicationContext.xml} in plain GeoServer ({@link FanoutBeans}), with settings from
 * the {@value FanoutProperties#PREFIX} properties and the metrics as Micrometer meters.
 *
 * <p>Runs after Cloud's GeoWebCache auto-configurations (named, not referenced: there is no dependency on
 * Cloud), and only where GeoWebCache's facade is a bean: Cloud's {@code gwc}, {@code wms} and web UI services
 * with GeoWebCache enabled. Off with {@code geoserver.extension.metatile-fanout.enabled=false}. Skipped where
 * the beans are already declared, by {@code applicationContext.xml} (which declares {@link FanoutBeans}) or
 * otherwise, so that a GeoServer that loads the XML with Spring Boot on its classpath gets them once.
 */
@AutoConfiguration(
        afterName = {
            "org.geoserver.cloud.autoconfigure.gwc.core.GeoWebCacheAutoConfiguration",
            "org.geoserver.cloud.autoconfigure.gwc.core.GeoServerIntegrationAutoConfiguration",
            "org.geoserver.cloud.autoconfigure.gwc.backend.DefaultTileLayerCatalogAutoConfiguration",
            "org.geoserver.cloud.autoconfigure.gwc.backend.PgconfigTileLayerCatalogAutoConfiguration",
            "org.geoserver.cloud.autoconfigure.gwc.integration.WMSIntegrationAutoConfiguration"
        })
@ConditionalOnClass(name = {"org.geoserver.gwc.GWC", "org.geoserver.gwc.layer.GeoServerTileLayer"})
@ConditionalOnProperty(prefix = FanoutProperties.PREFIX, name = "enabled", havingValue = "true", matchIfMissing = true)
@ConditionalOnBean(type = "org.geoserver.gwc.GWC")
@ConditionalOnMissingBean({FanoutBeans.class, GeoServerFanout.class})
@Import(FanoutAutoConfiguration.PluginBeans.class)
public class FanoutAutoConfiguration {

    /** The settings the properties fix, over the stored ones. */
    @Bean
    SettingsOverrides metatileFanoutSettingsOverrides(Environment environment) {
        return FanoutProperties.overrides(environment);
    }

    /**
     * {@link FanoutBeans} under a name of its own: Spring parses a configuration class once per class name, so
     * importing {@code FanoutBeans} itself here would also swallow the one {@code applicationContext.xml}
     * declares, which this auto-configuration then backs off for.
     */
    @Configuration(proxyBeanMethods = false)
    static class PluginBeans extends FanoutBeans {}

    /** The engine's metrics in Micrometer, where Micrometer is on the classpath (as in Cloud). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class Metrics {

        @Bean
        FanoutMeterBinder metatileFanoutMeterBinder(GeoServerFanout fanout) {
            return new FanoutMeterBinder(fanout);
        }
    }
}
