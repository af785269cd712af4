package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.apache.wicket.model.Model;
import org.geoserver.catalog.LayerInfo;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.web.layer.CachedLayersPage;
import org.geoserver.gwc.web.layer.GeoServerTileLayerInfoModel;
import org.geoserver.gwc.web.layer.LayerCacheOptionsTabPanel;
import org.geoserver.web.ComponentBuilder;
import org.geoserver.web.FormTestPage;
import org.geoserver.web.GeoServerWicketTestSupport;
import org.junit.Before;
import org.junit.Test;

/** The admin's tile layer pages with the plugin: the tile layer list and a layer's Tile Caching tab. */
public class FanoutTileCachingPagesTest extends GeoServerWicketTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();

    @Before
    public void logIn() {
        login();
    }

    @Test
    public void theTileLayerListShowsTheLayers() {
        tester.startPage(CachedLayersPage.class);

        tester.assertRenderedPage(CachedLayersPage.class);
        tester.assertNoErrorMessage();
        assertTrue(tester.getLastResponseAsString().contains(LAYER));
    }

    @Test
    public void theTileCachingTabSavesTheLayer() {
        LayerInfo layer = getCatalog().getLayerByName(LAYER);
        GeoServerTileLayer tileLayer = GWC.get().getTileLayer(layer);
        assertTrue(tileLayer instanceof FanoutTileLayer);
        GeoServerTileLayerInfoModel info =
                new GeoServerTileLayerInfoModel(tileLayer.getInfo().clone(), false);
        int gutter = tileLayer.getInfo().getGutter() + 5;
        tester.startPage(
                new FormTestPage((ComponentBuilder) id -> new LayerCacheOptionsTabPanel(id, new Model<>(layer), info)));
        tester.assertComponent("form:panel", LayerCacheOptionsTabPanel.class);

        info.getObject().setGutter(gutter);
        ((LayerCacheOptionsTabPanel) tester.getComponentFromLastRenderedPage("form:panel")).save();

        GeoServerTileLayer saved = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
        assertTrue(saved instanceof FanoutTileLayer);
        assertEquals(gutter, saved.getInfo().getGutter());
    }
}
