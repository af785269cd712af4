package io.github.metatilefanout.geoserver;

import static io.github.metatilefanout.geoserver.TestValues.values;
import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.configui.FanoutSettingsPanel;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import io.github.metatilefanout.engine.settings.SettingsFormat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.wicket.markup.html.form.DropDownChoice;
import org.apache.wicket.util.tester.FormTester;
import org.geoserver.gwc.ConfigurableLockProvider;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.platform.resource.Resource;
import org.geoserver.web.GeoServerWicketTestSupport;
import org.geoserver.web.MenuPageInfo;
import org.junit.Before;
import org.junit.Test;

/**
 * GeoServer's Caching Defaults page with the plugin: the panel is there, what is saved is kept in the resource
 * store and applied, and what another node writes there is applied too.
 */
public class FanoutCachingDefaultsPageTest extends GeoServerWicketTestSupport {

    private static final String PANEL = "form:" + FanoutCachingDefaultsPage.PANEL_ID;
    private static final String LOCK_PROVIDERS = "form:cachingOptionsPanel:container:configs:lockProvider";
    /** GeoServer's file system resource store looks for changes every 5 seconds. */
    private static final Duration WATCHER_WAIT = Duration.ofSeconds(30);

    private GeoServerFanout fanout;

    @Before
    public void loginAndReset() throws Exception {
        login();
        GWCConfig config = GWC.get().getConfig();
        config.setMetaTilingThreads(null);
        config.setLockProviderName(null);
        GWC.get().saveConfig(config);
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        fanout.configuration().save(SettingValues.NONE);
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
    public void theLockProviderListOffersThePluginsFileLocksUnderTheirName() {
        tester.startPage(FanoutCachingDefaultsPage.class);
        @SuppressWarnings("unchecked")
        DropDownChoice<String> lockProviders =
                (DropDownChoice<String>) tester.getComponentFromLastRenderedPage(LOCK_PROVIDERS);
        int index = lockProviders.getChoices().indexOf("metatileFanoutFileLock");
        assertTrue(lockProviders.getChoices().toString(), index >= 0);
        assertEquals(
                "metatile-fanout file locks (interprocess locking, safe when lock files are deleted)",
                lockProviders.getChoiceRenderer().getDisplayValue("metatileFanoutFileLock"));

        FormTester form = tester.newFormTester("form", false);
        form.select(LOCK_PROVIDERS.substring("form:".length()), index);
        form.submit("submit");

        tester.assertNoErrorMessage();
        assertEquals("metatileFanoutFileLock", GWC.get().getConfig().getLockProviderName());
        ConfigurableLockProvider configured =
                (ConfigurableLockProvider) GWC.get().getLockProvider();
        assertTrue(configured.getDelegate() instanceof FanoutFileLockProvider);
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
        assertEquals(Integer.valueOf(3), GWC.get().getConfig().getMetaTilingThreads());
        // the pool size is GeoServer's field: applied when gwc-gs.xml is seen to change, without a tile request
        await().atMost(WATCHER_WAIT).until(() -> fanout.metrics().getPoolSize() == 3);
        assertEquals(new FanoutSettings(3, 7, 16, Duration.ofSeconds(45), false), engineSettings());
    }

    @Test
    public void settingsAreKeptInTheResourceStore() throws Exception {
        tester.startPage(FanoutCachingDefaultsPage.class);
        FormTester form = tester.newFormTester("form", false);
        form.setValue(FanoutCachingDefaultsPage.PANEL_ID + ":form:queueBound", "11");
        form.submit("submit");

        tester.assertNoErrorMessage();
        String text = new String(settingsResource().getContents(), StandardCharsets.ISO_8859_1);
        assertTrue(text, text.contains("\nqueueBound=11\n"));
        assertTrue(text, text.contains("\nlockTimeoutSeconds=\n"));
    }

    @Test
    public void aChangeWrittenToTheResourceByAnotherNodeIsAppliedWithoutARestart() throws Exception {
        // what another node sharing this data directory does: it writes the resource through its resource store
        settingsResource().setContents("queueBound=9\nlockTimeoutSeconds=33\n".getBytes(StandardCharsets.ISO_8859_1));

        await().atMost(WATCHER_WAIT).until(() -> engineSettings().queueBound() == 9);
        assertEquals(Duration.ofSeconds(33), engineSettings().lockTimeout());
        assertEquals(values(null, 9, 33), fanout.configuration().stored());

        tester.startPage(FanoutCachingDefaultsPage.class);
        assertEquals(
                9,
                tester.getComponentFromLastRenderedPage(PANEL + ":form:queueBound")
                        .getDefaultModelObject());
    }

    @Test
    public void aBadValueIsRejectedWithItsRangeAndNothingIsSaved() throws Exception {
        tester.startPage(FanoutCachingDefaultsPage.class);
        FormTester form = tester.newFormTester("form", false);
        form.setValue(FanoutCachingDefaultsPage.PANEL_ID + ":form:queueBound", "-2");
        form.submit("submit");

        tester.assertErrorMessages("Queue bound: -2 is outside the allowed range 0 to 256.");
        assertEquals(null, GWC.get().getConfig().getMetaTilingThreads());
        assertEquals(SettingValues.NONE, fanout.configuration().stored().with(Setting.POOL_SIZE, null));
    }

    private FanoutSettings engineSettings() {
        return fanout.metatiling().engine().settings();
    }

    private Resource settingsResource() {
        return getResourceLoader().get(SettingsFormat.FILE_NAME);
    }
}
