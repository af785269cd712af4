package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.geoserver.test.GeoServerSystemTestSupport;
import org.junit.Test;

/**
 * Plain GeoServer with the plugin's {@code applicationContext.xml}, Spring Boot and Micrometer on the class
 * path (as the test class path has them): the beans come once, from the XML, and the auto-configuration's own
 * beans (property overrides, meters) are absent, as GeoServer never runs auto-configurations.
 */
public class FanoutApplicationContextTest extends GeoServerSystemTestSupport {

    @Test
    public void theXmlDeclaresThePluginOnce() {
        assertEquals(1, applicationContext.getBeansOfType(FanoutBeans.class).size());
        assertEquals(1, applicationContext.getBeansOfType(GeoServerFanout.class).size());
        assertEquals(
                1,
                applicationContext
                        .getBeansOfType(FanoutConfigurationPostProcessor.class)
                        .size());
        assertTrue(applicationContext.containsBean("metatileFanoutModuleStatus"));
        assertEquals(
                0,
                applicationContext.getBeansOfType(FanoutAutoConfiguration.class).size());
        assertEquals(
                0, applicationContext.getBeansOfType(SettingsOverrides.class).size());
        assertEquals(
                0, applicationContext.getBeansOfType(FanoutMeterBinder.class).size());
    }
}
