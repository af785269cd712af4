package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.config.TileLayerConfiguration;
import org.geowebcache.layer.TileLayer;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The plugin installed over a tile layer configuration declared as GeoServer Cloud declares it: a factory
 * method returning a final decorator whose layers are new objects on every call.
 */
public class FanoutDecoratedConfigurationTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();

    @Override
    protected void setUpSpring(List<String> springContextLocations) {
        super.setUpSpring(springContextLocations);
        springContextLocations.add("classpath:/per-call-tile-layer-configuration.xml");
    }

    @Test
    public void theDecoratorIsDecoratedAndHandsOutFanoutLayers() {
        Object bean = applicationContext.getBean(FanoutConfigurationPostProcessor.CATALOG_CONFIGURATION_BEAN);
        assertTrue(bean instanceof TileLayerConfiguration);
        assertFalse("a proxy of the decorator's interfaces", bean instanceof CatalogConfiguration);

        TileLayer first = GWC.get().getTileLayerByName(LAYER);
        TileLayer second = GWC.get().getTileLayerByName(LAYER);

        assertTrue(first instanceof FanoutTileLayer);
        assertTrue(second instanceof FanoutTileLayer);
        assertNotSame("a new layer on every call", first, second);
    }

    @Test
    public void siblingTilesOfNewLayerObjectsShareOneRender() throws Exception {
        GeoServerFanout fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC.get().getConfig().setDirectWMSIntegrationEnabled(true);
        GWC.get().truncate(LAYER);
        long renders = fanout.metrics().getRenders();

        for (long column = 0; column < 4; column++) {
            MockHttpServletResponse response = getAsServletResponse("gwc/service/wmts?request=GetTile&layer=" + LAYER
                    + "&format=image/png&tilematrixset=EPSG:4326&tilematrix=EPSG:4326:2&tilerow=1&tilecol="
                    + column);
            assertEquals(response.getContentAsString(), 200, response.getStatus());
            assertEquals("image/png", response.getContentType());
        }

        assertEquals(renders + 1, fanout.metrics().getRenders());
    }

    @Test
    public void restApiWritesGeoServersDocument() throws Exception {
        MockHttpServletResponse response = getAsServletResponse("gwc/rest/layers/" + LAYER + ".xml");

        assertEquals(200, response.getStatus());
        assertTrue(response.getContentAsString(), response.getContentAsString().contains("<GeoServerLayer>"));
        assertTrue(response.getContentAsString().contains("<name>" + LAYER + "</name>"));
    }
}
