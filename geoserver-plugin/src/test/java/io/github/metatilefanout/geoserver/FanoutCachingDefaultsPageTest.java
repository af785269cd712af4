package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.configui.FanoutSettingsPanel;
import java.time.Duration;
import org.apache.wicket.util.tester.FormTester;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.web.GeoServerWicketTestSupport;
import org.geoserver.web.MenuPageInfo;
import org.junit.Before;
import org.junit.Test;

/** GeoServer's Caching Defaults page with the plugin: the panel is there, and what is saved is applied. */
public class FanoutCachingDefaultsPageTest extends GeoServerWicketTestSupport {

    private static final String PANEL = "form:" + FanoutCachingDefaultsPage.PANEL_ID;

    @Before
    public void loginAndReset() throws Exception {
        login();
        GWCConfig config = GWC.get().getConfig();
        config.setMetaTilingThreads(null);
        GWC.get().saveConfig(config);
    }

    @Test
    public void theMenuEntryOpensThePageWithThePanel() {
        boolean found = GeoServerExtensions.extensions(MenuPageInfo.class).stream()
                .anyMatch(menu -> menu.getComponentClass() == FanoutCachingDefaultsPage.class);
        assertTrue("the Caching Defaults menu entry opens the plugin's page", found);

        tester.startPage(FanoutCachingDefaultsPage.class);

        tester.assertRenderedPage(FanoutCachingDefaultsPage.class);
        tester.assertComponent(PANEL, FanoutSettingsPanel.class);
        tester.assertComponent(
                "form:gwcServicesPanel:metaTilingThreads", org.apache.wicket.markup.html.form.TextField.class);
    }

    @Test
    public void saveKeepsBothGeoServersPoolSizeAndThePanelsSettingsAndAppliesThem() {
        tester.startPage(FanoutCachingDefaultsPage.class);
        FormTester form = tester.newFormTester("form", false);
        form.setValue("gwcServicesPanel:metaTilingThreads", "3");
        form.setValue(FanoutCachingDefaultsPage.PANEL_ID + ":form:queueBound", "7");
        form.setValue(FanoutCachingDefaultsPage.PANEL_ID + ":form:lockTimeoutSeconds", "45");
        form.submit("submit");

        tester.assertNoErrorMessage();
        GeoServerFanout fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        assertEquals(Integer.valueOf(3), GWC.get().getConfig().getMetaTilingThreads());
        fanout.currentEngine();
        assertEquals(3, fanout.metrics().getPoolSize());
        assertEquals(7, fanout.currentEngine().settings().queueBound());
        assertEquals(Duration.ofSeconds(45), fanout.currentEngine().settings().lockTimeout());
    }

    @Test
    public void aBadValueIsRejectedWithItsRangeAndNothingIsSaved() {
        tester.startPage(FanoutCachingDefaultsPage.class);
        FormTester form = tester.newFormTester("form", false);
        form.setValue(FanoutCachingDefaultsPage.PANEL_ID + ":form:queueBound", "-2");
        form.submit("submit");

        tester.assertErrorMessages("Queue bound: -2 is outside the allowed range 0 to 4096.");
        assertEquals(null, GWC.get().getConfig().getMetaTilingThreads());
    }
}
