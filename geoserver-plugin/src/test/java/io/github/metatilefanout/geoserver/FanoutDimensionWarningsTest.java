package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.geoserver.catalog.DimensionInfo;
import org.geoserver.catalog.DimensionPresentation;
import org.geoserver.catalog.FeatureTypeInfo;
import org.geoserver.catalog.ResourceInfo;
import org.geoserver.catalog.impl.DimensionInfoImpl;
import org.geoserver.data.test.MockData;
import org.geoserver.data.test.SystemTestData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.layer.GeoServerTileLayerInfo;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geoserver.util.DimensionWarning.WarningType;
import org.geoserver.wms.WMSDimensionsTestSupport;
import org.geowebcache.filter.parameters.StringParameterFilter;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * A layer with time and elevation whose tile layer skips caching on default-value warnings: the engine's
 * tiles carry GeoServer's warnings and no-cache headers, and are not stored, as on GeoServer's own path.
 */
public class FanoutDimensionWarningsTest extends GeoServerSystemTestSupport {

    private static final QName TIME_ELEVATION = new QName(MockData.SF_URI, "TimeElevation", MockData.SF_PREFIX);
    private static final String LAYER = TIME_ELEVATION.getPrefix() + ":" + TIME_ELEVATION.getLocalPart();
    private static final String TILE = "gwc/service/wmts?request=GetTile&layer=" + LAYER
            + "&format=image/png&tilematrixset=EPSG:4326&tilematrix=EPSG:4326:0&tilerow=0&tilecol=0";

    @Override
    protected void onSetUp(SystemTestData testData) throws Exception {
        super.onSetUp(testData);
        testData.addVectorLayer(
                TIME_ELEVATION, null, "TimeElevation.properties", WMSDimensionsTestSupport.class, getCatalog());
        FeatureTypeInfo featureType = getCatalog().getFeatureTypeByName(LAYER);
        featureType.getMetadata().put(ResourceInfo.TIME, dimension("time"));
        featureType.getMetadata().put(ResourceInfo.ELEVATION, dimension("elevation"));
        getCatalog().save(featureType);

        GeoServerTileLayer tileLayer = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
        GeoServerTileLayerInfo info = tileLayer.getInfo();
        info.addParameterFilter(filter("time", "2016-02-23T03:00:00.000Z"));
        info.addParameterFilter(filter("elevation", "500"));
        info.setCacheWarningSkips(new HashSet<>(List.of(WarningType.Default)));
        GWC.get().save(tileLayer);
    }

    @Test
    public void defaultValueWarningsSkipCachingAsOnGeoServersPath() throws Exception {
        GeoServerFanout fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        long renders = fanout.metrics().getRenders();

        MockHttpServletResponse first = getAsServletResponse(TILE);
        MockHttpServletResponse second = getAsServletResponse(TILE);
        EngineSwitch.set(false);
        MockHttpServletResponse stock;
        try {
            stock = getAsServletResponse(TILE);
        } finally {
            EngineSwitch.set(true);
        }

        assertEquals(
                "each request rendered again by the engine",
                renders + 2,
                fanout.metrics().getRenders());
        for (MockHttpServletResponse ours : List.of(first, second)) {
            assertEquals(200, ours.getStatus());
            assertEquals("image/png", ours.getContentType());
            assertEquals("MISS", ours.getHeader("geowebcache-cache-result"));
            assertEquals(Set.copyOf(stock.getHeaders("Warning")), Set.copyOf(ours.getHeaders("Warning")));
            assertEquals(2, ours.getHeaders("Warning").size());
            assertEquals(stock.getHeader("Cache-Control"), ours.getHeader("Cache-Control"));
            assertEquals("no-cache, no-store, must-revalidate", ours.getHeader("Cache-Control"));
        }
        TileObject tile = TileObject.createQueryTileObject(LAYER, new long[] {0, 0, 0}, "EPSG:4326", "image/png", null);
        assertFalse(GeoServerExtensions.bean(StorageBroker.class).get(tile));
    }

    private static DimensionInfo dimension(String attribute) {
        DimensionInfo dimension = new DimensionInfoImpl();
        dimension.setEnabled(true);
        dimension.setAttribute(attribute);
        dimension.setPresentation(DimensionPresentation.LIST);
        return dimension;
    }

    private static StringParameterFilter filter(String key, String value) {
        StringParameterFilter filter = new StringParameterFilter();
        filter.setKey(key);
        filter.setValues(List.of(value));
        return filter;
    }
}
