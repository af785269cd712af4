package io.github.metatilefanout.geoserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.springframework.core.env.StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME;

import io.github.metatilefanout.engine.FanoutMetricsMXBean;
import io.github.metatilefanout.engine.MetricsMBean;
import io.github.metatilefanout.engine.settings.Setting;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.geoserver.catalog.impl.FeatureTypeInfoImpl;
import org.geoserver.catalog.impl.LayerInfoImpl;
import org.geoserver.catalog.impl.NamespaceInfoImpl;
import org.geoserver.config.GeoServer;
import org.geoserver.config.impl.GeoServerImpl;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.web.GWCSettingsPage;
import org.geoserver.platform.GeoServerResourceLoader;
import org.geowebcache.config.ConfigurationException;
import org.geowebcache.config.DefaultGridsets;
import org.geowebcache.config.TileLayerConfiguration;
import org.geowebcache.grid.GridSetBroker;
import org.geowebcache.layer.TileLayer;
import org.geowebcache.locks.MemoryLockProvider;
import org.geowebcache.storage.DefaultStorageFinder;
import org.geowebcache.storage.StorageBroker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportResource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The auto-configuration in Spring Boot contexts holding GeoWebCache's beans as GeoServer Cloud declares them:
 * {@code gwcCatalogConfiguration} returned by a {@code @Bean} method as a final decorator whose catalog builds
 * a new GeoServer tile layer on every call (GeoServer's own classes; the GWC facade and storage broker
 * mocked).
 */
class FanoutAutoConfigurationTest {

    private static final String LAYER = "topp:states";
    private static final String PREFIX = FanoutProperties.PREFIX;

    /** GeoWebCache's stored "meta tiling threads", which a property overrides. */
    private static final int STORED_POOL_SIZE = 5;

    @TempDir
    static Path dataDirectory;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FanoutAutoConfiguration.class))
            .withUserConfiguration(CloudStyleGeoWebCache.class);

    @Test
    void propertyOffInstallsNothing() {
        runner.withPropertyValues(PREFIX + ".enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(GeoServerFanout.class);
            assertThat(context).doesNotHaveBean(FanoutConfigurationPostProcessor.class);
            assertThat(context).doesNotHaveBean(FanoutMeterBinder.class);
            TileLayer layer = layer(context);
            assertThat(layer).isInstanceOf(GeoServerTileLayer.class).isNotInstanceOf(FanoutTileLayer.class);
        });
    }

    @Test
    void onByDefaultEveryNewLayerIsAFanoutLayer() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(GeoServerFanout.class);
            assertThat(context).hasBean("metatileFanoutModuleStatus");
            assertThat(context).hasSingleBean(FanoutRestConfigurationProvider.class);
            assertThat(context.getBean(GeoServer.class).getListeners()).contains(context.getBean(FanoutLogLevel.class));
            // in Cloud the lock provider is the catalog back-end's
            assertThat(context).doesNotHaveBean(FanoutFileLockProvider.class);

            TileLayer first = layer(context);
            TileLayer second = layer(context);

            assertThat(first).isInstanceOf(FanoutTileLayer.class);
            assertThat(second).isInstanceOf(FanoutTileLayer.class).isNotSameAs(first);
            assertThat(first.getName()).isEqualTo(LAYER);
        });
    }

    @Test
    void storedSettingsApplyWhenNoPropertyIsSet() {
        runner.run(context -> assertThat(
                        context.getBean(GeoServerFanout.class).metrics().getPoolSize())
                .isEqualTo(STORED_POOL_SIZE));
    }

    @Test
    void propertiesWinOverTheStoredSettings() {
        runner.withPropertyValues(
                        PREFIX + ".pool-size=3", PREFIX + ".queue-bound=7", PREFIX + ".lock-timeout-seconds=30")
                .run(context -> {
                    GeoServerFanout fanout = context.getBean(GeoServerFanout.class);
                    assertThat(fanout.metrics().getPoolSize()).isEqualTo(3);
                    assertThat(fanout.configuration().stored().resolve().queueBound())
                            .isEqualTo(7);
                    assertThat(fanout.configuration().stored().resolve().lockTimeout())
                            .hasSeconds(30);
                });
    }

    /** A second GeoServer in the JVM (another web application of the Tomcat) holds the MBean name {@code geoserver}. */
    @Test
    void startsUnderTheNextFreeNameWhenAnotherWebApplicationHoldsItsName() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName taken = MetricsMBean.objectName(GeoServerFanout.NAME);
        server.registerMBean(
                new StandardMBean(mock(FanoutMetricsMXBean.class), FanoutMetricsMXBean.class, true), taken);
        try {
            runner.run(context -> {
                assertThat(context).hasNotFailed();
                assertThat(server.getAttribute(MetricsMBean.objectName("geoserver-2"), "PoolSize"))
                        .isEqualTo(STORED_POOL_SIZE);
            });
            assertThat(server.isRegistered(MetricsMBean.objectName("geoserver-2")))
                    .isFalse();
        } finally {
            server.unregisterMBean(taken);
        }
    }

    @Test
    void theSettingsPropertiesAreTheDescriptorsKeysInKebabCase() {
        assertThat(Setting.ALL.stream().map(FanoutProperties::name))
                .containsExactly(
                        PREFIX + ".pool-size",
                        PREFIX + ".queue-bound",
                        PREFIX + ".store-threads",
                        PREFIX + ".lock-timeout-seconds",
                        PREFIX + ".single-tile-when-uncached");
    }

    @ParameterizedTest
    @CsvSource({
        "pool-size, 300",
        "pool-size, -1",
        "queue-bound, lots",
        "queue-bound, 1.5",
        "lock-timeout-seconds, 0",
        "single-tile-when-uncached, yes"
    })
    void aBadPropertyStopsStartUpNamingPropertyValueAndRange(String property, String value) {
        runner.withPropertyValues(PREFIX + "." + property + "=" + value)
                .run(context -> assertStartUpStoppedBy(context, property, value));
    }

    @Test
    void aBadSystemPropertyStopsStartUpNamingPropertyValueAndRange() {
        runner.withSystemProperties(PREFIX + ".queue-bound=5000")
                .run(context -> assertStartUpStoppedBy(context, "queue-bound", "5000"));
    }

    @Test
    void environmentVariablesAreReadAsCloudDocumentsThem() {
        runner.withInitializer(environment(Map.of("GEOSERVER_EXTENSION_METATILEFANOUT_POOLSIZE", "3")))
                .run(context -> assertThat(
                                context.getBean(GeoServerFanout.class).metrics().getPoolSize())
                        .isEqualTo(3));
    }

    @Test
    void aBadEnvironmentVariableStopsStartUpNamingPropertyValueAndRange() {
        runner.withInitializer(environment(Map.of("GEOSERVER_EXTENSION_METATILEFANOUT_LOCKTIMEOUTSECONDS", "3601")))
                .run(context -> assertStartUpStoppedBy(context, "lock-timeout-seconds", "3601"));
    }

    /** Start-up failed with the message of the setting of {@code property} for {@code value}. */
    private static void assertStartUpStoppedBy(AssertableApplicationContext context, String property, String value) {
        Setting<?> setting = Setting.ALL.stream()
                .filter(candidate -> FanoutProperties.name(candidate).equals(PREFIX + "." + property))
                .findFirst()
                .orElseThrow();
        String shown = value.matches("-?\\d+") ? value : "'" + value + "'";
        assertThat(context).hasFailed();
        assertThat(context.getStartupFailure())
                .rootCause()
                .hasMessage(
                        Setting.BAD_VALUE,
                        PREFIX + "." + property,
                        shown,
                        setting.type().description());
    }

    /** Adds {@code variables} to the context's environment as the process environment is added. */
    private static ApplicationContextInitializer<ConfigurableApplicationContext> environment(
            Map<String, Object> variables) {
        return context -> context.getEnvironment()
                .getPropertySources()
                .addLast(new SystemEnvironmentPropertySource(
                        "test-" + SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
    }

    @Test
    void withoutGeoWebCacheNothingIsInstalled() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(FanoutAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(GeoServerFanout.class);
                });
    }

    @Test
    void declaredByApplicationContextXmlTheBeansAreNotDeclaredTwice() {
        runner.withUserConfiguration(PluginXml.class).run(context -> {
            assertThat(context).hasSingleBean(GeoServerFanout.class);
            assertThat(context).hasSingleBean(FanoutConfigurationPostProcessor.class);
            assertThat(context).doesNotHaveBean(SettingsOverrides.class);
            assertThat(context).hasSingleBean(FanoutFileLockProvider.class);
            assertThat(layer(context)).isInstanceOf(FanoutTileLayer.class);
        });
    }

    @Test
    void metersCarryTheEngineMetrics() {
        runner.withPropertyValues(PREFIX + ".pool-size=3").run(context -> {
            MeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(FanoutMeterBinder.class).bindTo(registry);

            assertThat(registry.get("metatile.fanout.pool.size").gauge().value())
                    .isEqualTo(3);
            assertThat(registry.get("metatile.fanout.renders").functionCounter().count())
                    .isZero();
            assertThat(registry.get("metatile.fanout.tiles.encoded").functionCounters())
                    .hasSize(3);
            assertThat(registry.get("metatile.fanout.failures").functionCounters())
                    .hasSize(8);
            assertThat(registry.get("metatile.fanout.locks.held").gauge().value())
                    .isZero();
            assertThat(registry.getMeters())
                    .allSatisfy(meter -> assertThat(meter.getId().getName()).startsWith("metatile.fanout."))
                    .hasSize(26);
        });
    }

    @Test
    void withoutMicrometerTheRestIsInstalled() {
        runner.withClassLoader(new FilteredClassLoader(MeterBinder.class)).run(context -> {
            assertThat(context).hasSingleBean(GeoServerFanout.class);
            assertThat(context).doesNotHaveBean(FanoutMeterBinder.class);
        });
    }

    @Test
    void withoutGeoServersWebUiTheRestIsInstalled() {
        runner.withClassLoader(new FilteredClassLoader(GWCSettingsPage.class)).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(layer(context)).isInstanceOf(FanoutTileLayer.class);
        });
    }

    private static TileLayer layer(ApplicationContext context) {
        return context.getBean("gwcCatalogConfiguration", TileLayerConfiguration.class)
                .getLayer(LAYER)
                .orElseThrow();
    }

    /** The plugin as plain GeoServer declares it, with the cache directory its file lock provider needs. */
    @Configuration(proxyBeanMethods = false)
    @ImportResource("classpath:/applicationContext.xml")
    static class PluginXml {

        @Bean
        DefaultStorageFinder gwcDefaultStorageFinder() throws ConfigurationException {
            DefaultStorageFinder cacheDirectory = mock(DefaultStorageFinder.class);
            when(cacheDirectory.getDefaultPath())
                    .thenReturn(dataDirectory.resolve("gwc").toString());
            return cacheDirectory;
        }
    }

    /** The GeoWebCache beans the plugin uses, {@code gwcCatalogConfiguration} declared as GeoServer Cloud does. */
    @Configuration(proxyBeanMethods = false)
    static class CloudStyleGeoWebCache {

        @Bean
        GridSetBroker gwcGridSetBroker() {
            return new GridSetBroker(List.of(new DefaultGridsets(true, true)));
        }

        @Bean
        TileLayerConfiguration gwcCatalogConfiguration(GridSetBroker gridSets) {
            TileLayerConfiguration catalog = mock(TileLayerConfiguration.class);
            GeoServerTileLayer stored = new GeoServerTileLayer(layerInfo(), new GWCConfig(), gridSets);
            when(catalog.getLayer(LAYER)).thenReturn(Optional.of(stored));
            return PerCallTileLayerConfiguration.decorate(catalog, gridSets);
        }

        @Bean
        GWC gwcFacade() {
            GWCConfig config = new GWCConfig();
            config.setMetaTilingThreads(STORED_POOL_SIZE);
            GWC gwc = mock(GWC.class);
            when(gwc.getConfig()).thenReturn(config);
            when(gwc.getLockProvider()).thenReturn(new MemoryLockProvider());
            return gwc;
        }

        @Bean
        GeoServer geoServer() {
            return new GeoServerImpl();
        }

        @Bean
        StorageBroker gwcStorageBroker() {
            return mock(StorageBroker.class);
        }

        @Bean
        GeoServerResourceLoader resourceLoader() {
            return new GeoServerResourceLoader(dataDirectory.toFile());
        }

        private static LayerInfoImpl layerInfo() {
            NamespaceInfoImpl namespace = new NamespaceInfoImpl();
            namespace.setPrefix("topp");
            namespace.setURI("http://www.openplans.org/topp");
            FeatureTypeInfoImpl states = new FeatureTypeInfoImpl(null);
            states.setName("states");
            states.setNamespace(namespace);
            LayerInfoImpl layer = new LayerInfoImpl();
            layer.setId("states-layer");
            layer.setResource(states);
            return layer;
        }
    }
}
