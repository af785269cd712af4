package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.layer.TileLayer;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The auto-configuration in a full GeoServer context: GeoServer's and GeoWebCache's own beans, {@code
 * gwcCatalogConfiguration} as GeoServer Cloud declares it (a factory method returning a decorator that builds
 * a new tile layer on every call), the plugin's {@code applicationContext.xml} left out and the
 * auto-configuration declared instead, with a pool size property.
 */
public class FanoutAutoConfigurationGeoServerTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String POOL_SIZE_PROPERTY = FanoutProperties.PREFIX + ".pool-size";

    @BeforeClass
    public static void setPoolSizeProperty() {
        System.setProperty(POOL_SIZE_PROPERTY, "3");
    }

    @AfterClass
    public static void clearPoolSizeProperty() {
        System.clearProperty(POOL_SIZE_PROPERTY);
    }

    @Override
    protected void setUpSpring(List<String> springContextLocations) {
        super.setUpSpring(springContextLocations);
        springContextLocations.remove("classpath*:/applicationContext.xml");
        springContextLocations.addAll(applicationContextsButThePlugins());
        springContextLocations.add("classpath:/per-call-tile-layer-configuration.xml");
        springContextLocations.add("classpath:/fanout-auto-configuration-context.xml");
    }

    /** Every module's {@code applicationContext.xml} on the class path, but this module's own. */
    private static List<String> applicationContextsButThePlugins() {
        String plugin = FanoutBeans.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toString();
        try {
            return Collections.list(FanoutBeans.class.getClassLoader().getResources("applicationContext.xml")).stream()
                    .map(URL::toString)
                    .filter(url -> !url.startsWith(plugin))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot list the application contexts on the class path", e);
        }
    }

    @Test
    public void installedOnceByTheAutoConfiguration() {
        assertEquals(1, applicationContext.getBeansOfType(GeoServerFanout.class).size());
        assertEquals(
                1, applicationContext.getBeansOfType(SettingsOverrides.class).size());
        assertEquals(
                1, applicationContext.getBeansOfType(FanoutMeterBinder.class).size());
        assertTrue(applicationContext.containsBean("metatileFanoutModuleStatus"));
    }

    @Test
    public void newLayerObjectsAreFanoutLayers() {
        Object bean = applicationContext.getBean(FanoutConfigurationPostProcessor.CATALOG_CONFIGURATION_BEAN);
        assertFalse("a proxy of the decorator's interfaces", bean instanceof CatalogConfiguration);

        TileLayer first = GWC.get().getTileLayerByName(LAYER);
        TileLayer second = GWC.get().getTileLayerByName(LAYER);

        assertTrue(first instanceof FanoutTileLayer);
        assertTrue(second instanceof FanoutTileLayer);
        assertNotSame(first, second);
    }

    @Test
    public void poolSizePropertyWinsOverGeoServersSetting() {
        assertEquals(
                3, applicationContext.getBean(GeoServerFanout.class).metrics().getPoolSize());
    }

    @Test
    public void siblingTilesShareOneRenderAndTheMetersCountIt() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        applicationContext.getBean(FanoutMeterBinder.class).bindTo(registry);
        GWC.get().truncate(LAYER);
        double renders =
                registry.get("metatile.fanout.renders").functionCounter().count();

        for (int column = 0; column < 4; column++) {
            assertPng(wmtsTile(column));
        }

        assertEquals(
                renders + 1,
                registry.get("metatile.fanout.renders").functionCounter().count(),
                0);
        assertEquals(3, registry.get("metatile.fanout.pool.size").gauge().value(), 0);
    }

    /** Tile {@code column} of row 1 at zoom level 2: four siblings of one 4 x 4 metatile. */
    private MockHttpServletResponse wmtsTile(int column) throws Exception {
        return getAsServletResponse("gwc/service/wmts?request=GetTile&layer=" + LAYER
                + "&format=image/png&tilematrixset=EPSG:4326&tilematrix=EPSG:4326:2&tilerow=1&tilecol=" + column);
    }

    private static void assertPng(MockHttpServletResponse response) throws Exception {
        assertEquals(response.getContentAsString(), 200, response.getStatus());
        assertEquals("image/png", response.getContentType());
    }
}
