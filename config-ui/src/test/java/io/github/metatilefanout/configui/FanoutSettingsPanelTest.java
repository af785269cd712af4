package io.github.metatilefanout.configui;

import static io.github.metatilefanout.configui.MemoryConfiguration.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import io.github.metatilefanout.engine.settings.WholeNumbers;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.wicket.MarkupContainer;
import org.apache.wicket.util.string.Strings;
import org.apache.wicket.util.tester.FormTester;
import org.apache.wicket.util.tester.TagTester;
import org.apache.wicket.util.tester.WicketTester;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FanoutSettingsPanelTest {

    private static final String FORM = "fanout:form";

    private final MemoryConfiguration configuration = new MemoryConfiguration();
    private final List<FanoutSettings> applied = configuration.applied;
    private WicketTester tester;

    @AfterEach
    void destroy() {
        if (tester != null) {
            tester.destroy();
        }
    }

    @Test
    void defaultsAreShownAsHints() {
        start();

        int defaultPoolSize = FanoutSettings.defaults().poolSize();
        int processors = Runtime.getRuntime().availableProcessors();
        assertField("poolSize", "", String.valueOf(defaultPoolSize));
        assertField("queueBound", "", String.valueOf(defaultPoolSize));
        assertField("lockTimeoutSeconds", "", "120");
        assertShown("Empty: the default, twice the " + processors + " processors = " + defaultPoolSize + ".");
        assertShown("Whole number from 0 to 256; 0 turns the pool off");
        assertShown("Empty: the default, the pool size (" + defaultPoolSize + ").");
        assertShown("Whole number from 1 to 3600. Empty: the default, 120 seconds.");
        tester.assertVisible(FORM + ":save");
    }

    @Test
    void storedValuesAreShown() {
        configuration.keeping(values(8, null, 45));

        start();

        assertField("poolSize", "8", String.valueOf(FanoutSettings.defaults().poolSize()));
        assertField("queueBound", "", "8");
        assertField("lockTimeoutSeconds", "45", "120");
    }

    @Test
    void validValuesAreSavedAndApplied() {
        start();

        submit("8", "16", "30");

        FanoutSettings expected = new FanoutSettings(8, 16, 16, Duration.ofSeconds(30), false);
        assertEquals(List.of(expected), applied);
        assertEquals(values(8, 16, 30), configuration.stored());
        assertShown(
                "Saved and applied: pool size 8, queue bound 16, store threads 16, lock wait timeout 30 seconds, single tiles on"
                        + " uncached zoom levels off.");
        assertField("poolSize", "8", String.valueOf(FanoutSettings.defaults().poolSize()));
    }

    @Test
    void theSingleTileSwitchIsSavedAndApplied() {
        start();
        assertNull(tester.getTagByWicketId("singleTileWhenUncached").getAttribute("checked"));

        FormTester form = tester.newFormTester(FORM);
        form.setValue("poolSize", "8");
        form.setValue("queueBound", "16");
        form.setValue("lockTimeoutSeconds", "30");
        form.setValue("singleTileWhenUncached", true);
        form.submit("save");

        assertEquals(List.of(new FanoutSettings(8, 16, 16, Duration.ofSeconds(30), true)), applied);
        assertEquals(values(8, 16, 30).with(Setting.SINGLE_TILE_WHEN_UNCACHED, true), configuration.stored());
        assertShown("lock wait timeout 30 seconds, single tiles on uncached zoom levels on.");
        assertEquals(
                "checked", tester.getTagByWicketId("singleTileWhenUncached").getAttribute("checked"));
    }

    @Test
    void emptyFieldsSaveTheDefaults() {
        configuration.keeping(values(8, 16, 30));
        start();

        submit(" ", "", "");

        assertEquals(List.of(FanoutSettings.defaults()), applied);
        assertEquals(SettingValues.NONE, configuration.stored());
    }

    @Test
    void poolSizeZeroTurnsThePoolOff() {
        start();

        submit("0", "0", "1");

        assertEquals(List.of(new FanoutSettings(0, 0, 16, Duration.ofSeconds(1), false)), applied);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "poolSize           | -1          | Pool size: -1 is outside the allowed range 0 to 256.",
                "poolSize           | 257         | Pool size: 257 is outside the allowed range 0 to 256.",
                "poolSize           | 99999999999 | Pool size: 99999999999 is outside the allowed range 0 to 256.",
                "poolSize           | four        | Pool size: 'four' is not a whole number; enter one from 0 to 256,"
                        + " or leave it empty for the default.",
                "queueBound         | 257         | Queue bound: 257 is outside the allowed range 0 to 256.",
                "queueBound         | 1.5         | Queue bound: '1.5' is not a whole number; enter one from 0 to"
                        + " 256, or leave it empty for the default.",
                "storeThreads       | 300         | Store threads: 300 is outside the allowed range 0 to 256.",
                "lockTimeoutSeconds | 0           | Lock wait timeout (seconds): 0 is outside the allowed range 1 to"
                        + " 3600.",
                "lockTimeoutSeconds | 3601        | Lock wait timeout (seconds): 3601 is outside the allowed range 1"
                        + " to 3600.",
                "lockTimeoutSeconds | 2m          | Lock wait timeout (seconds): '2m' is not a whole number; enter one"
                        + " from 1 to 3600, or leave it empty for the default.",
            })
    void badValueIsRejectedAndNothingSaved(String field, String value, String message) {
        configuration.keeping(values(2, 2, 60));
        start();

        submit("8", "16", "30", field, value);

        assertShown(message);
        assertEquals(1, tester.getTagsByWicketId("feedback").size());
        assertEquals("true", tester.getTagByWicketId(field).getAttribute("aria-invalid"));
        assertEquals(value, tester.getTagByWicketId(field).getAttribute("value"));
        assertEquals(List.of(), applied);
        assertEquals(values(2, 2, 60), configuration.stored());
    }

    /** Each field refuses the numbers just past its setting's range with the panel's text for it. */
    @ParameterizedTest
    @CsvSource({"poolSize, Pool size", "queueBound, Queue bound", "lockTimeoutSeconds, Lock wait timeout (seconds)"})
    void eachFieldTakesItsRangeFromItsSetting(String key, String label) throws IOException {
        WholeNumbers range = (WholeNumbers) Setting.named(key).type();
        String outOfRange = TextsTest.texts("FanoutSettingsPanel").getProperty("fanout.outOfRange");
        start();

        for (int value : new int[] {range.min() - 1, range.max() + 1}) {
            submit("8", "16", "30", key, String.valueOf(value));

            assertShown(outOfRange
                    .replace("${label}", label)
                    .replace("${input}", String.valueOf(value))
                    .replace("${minimum}", String.valueOf(range.min()))
                    .replace("${maximum}", String.valueOf(range.max())));
        }
        assertEquals(List.of(), applied);
        submit("8", "16", "30", key, String.valueOf(range.max()));
        assertEquals(range.max(), configuration.stored().get(Setting.named(key)));
    }

    @Test
    void everyBadValueGetsItsMessage() {
        start();

        submit("-3", "x", "9000");

        assertShown("Pool size: -3 is outside the allowed range 0 to 256.");
        assertShown("Queue bound: 'x' is not a whole number");
        assertShown("Lock wait timeout (seconds): 9000 is outside the allowed range 1 to 3600.");
        assertEquals(SettingValues.NONE, configuration.stored());
        assertEquals(List.of(), applied);
    }

    @Test
    void failedSaveIsShownAndNothingApplied() {
        configuration.failingSaves("read-only data directory");
        start();

        submit("8", "16", "30");

        assertShown("The settings were not saved: java.io.IOException: read-only data directory");
        assertEquals(List.of(), applied);
    }

    @Test
    void engineRefusalIsShownAndTheSettingsKept() {
        configuration.refusingEngine(new IllegalStateException("engine closed"));
        start();

        submit("8", "16", "30");

        assertShown("The settings were saved, but the running engine did not apply them (they apply on the next"
                + " start): java.lang.IllegalStateException: engine closed");
        assertEquals(values(8, 16, 30), configuration.stored());
    }

    @Test
    void insideAHostFormThePanelSavesWithTheHost() {
        start();
        NestedFormTestPage page = tester.startPage(NestedFormTestPage.class);
        tester.assertInvisible("host:fanout:form:save");

        FormTester form = tester.newFormTester("host");
        form.setValue("fanout:form:poolSize", "5");
        form.submit();

        assertEquals(1, page.hostSubmits());
        assertEquals(List.of(new FanoutSettings(5, 5, 16, Duration.ofSeconds(120), false)), applied);
    }

    @Test
    void insideAHostFormABadValueStopsTheHostToo() {
        start();
        NestedFormTestPage page = tester.startPage(NestedFormTestPage.class);

        FormTester form = tester.newFormTester("host");
        form.setValue("fanout:form:poolSize", "-5");
        form.submit();

        assertEquals(0, page.hostSubmits());
        assertShown("Pool size: -5 is outside the allowed range 0 to 256.");
        assertEquals(List.of(), applied);
        assertEquals(SettingValues.NONE, configuration.stored());
    }

    @Test
    void poolSizeKeptByTheHostIsShownAndPassedOnAsKept() {
        configuration.keeping(values(6, null, null));
        start();
        NestedFormTestPage page = tester.startPage(new NestedFormTestPage(false));
        tester.assertInvisible("host:fanout:form:poolSize");
        assertShown("Kept in the host's own pool size setting, not here");
        assertField("queueBound", "", "6");

        configuration.keeping(values(9, null, null)); // the host's own field, changed meanwhile
        FormTester form = tester.newFormTester("host");
        form.setValue("fanout:form:queueBound", "16");
        form.setValue("fanout:form:lockTimeoutSeconds", "30");
        form.submit();

        assertEquals(1, page.hostSubmits());
        assertEquals(List.of(new FanoutSettings(9, 16, 16, Duration.ofSeconds(30), false)), applied);
        assertEquals(values(9, 16, 30), configuration.stored());
        assertShown(
                "Saved and applied: queue bound 16, store threads 16, lock wait timeout 30 seconds, single tiles on uncached zoom"
                        + " levels off.");
    }

    @Test
    void statusShowsTheMetrics() {
        start();

        String status = "fanout:status:running:";
        tester.assertLabel(status + "pool", "3 of 4");
        tester.assertLabel(status + "queueDepth", "7");
        tester.assertLabel(status + "encodedOnRequestThread", "1101");
        tester.assertLabel(status + "encodedOnPool", "2202");
        tester.assertLabel(status + "encodedOnCaller", "303");
        tester.assertLabel(status + "jobsRunOnCallerPoolFull", "44");
        tester.assertLabel(status + "failures", "5");
        tester.assertInvisible("fanout:status:notRunning");
        assertShown("Fan-out pool status");
        assertShown("Tiles encoded on the request thread");
        assertShown("Jobs run by the caller because the pool was full");
        assertShown("Counts since the engine started; refreshed every 5 seconds.");
    }

    @Test
    void statusRefreshesItself() {
        start();
        PanelTestApplication.get().setMetrics(new StubMetrics(0));

        tester.executeAllTimerBehaviors((MarkupContainer) tester.getComponentFromLastRenderedPage("fanout:status"));

        tester.assertLabel("fanout:status:running:pool", "pool off");
        assertTrue(tester.getLastResponseAsString().contains("pool off"));
    }

    @Test
    void statusSaysWhenNoEngineRuns() {
        tester = new WicketTester(new PanelTestApplication(configuration, null));
        tester.getSession().setLocale(Locale.ENGLISH);
        tester.startPage(PanelTestPage.class);

        tester.assertInvisible("fanout:status:running");
        assertShown("The fan-out engine is not running.");
    }

    @Test
    void textsFollowTheSessionLocale() {
        start();
        tester.getSession().setLocale(Locale.FRENCH);
        tester.startPage(PanelTestPage.class);

        submit("-1", "16", "30");

        assertShown("Taille du pool : -1 est hors de l'intervalle autorisé, de 0 à 256.");
        assertShown("Tuiles encodées sur le pool");
        assertShown("Threads qui encodent et stockent les autres tuiles d'une métatuile");
    }

    private void start() {
        tester = new WicketTester(new PanelTestApplication(configuration, new StubMetrics(4)));
        tester.getSession().setLocale(Locale.ENGLISH);
        tester.startPage(PanelTestPage.class);
        tester.assertRenderedPage(PanelTestPage.class);
    }

    private void submit(String poolSize, String queueBound, String lockTimeoutSeconds) {
        submit(poolSize, queueBound, lockTimeoutSeconds, "poolSize", poolSize);
    }

    /** Submits the three fields, {@code field} with {@code value}. */
    private void submit(String poolSize, String queueBound, String lockTimeoutSeconds, String field, String value) {
        FormTester form = tester.newFormTester(FORM);
        form.setValue("poolSize", poolSize);
        form.setValue("queueBound", queueBound);
        form.setValue("lockTimeoutSeconds", lockTimeoutSeconds);
        form.setValue(field, value);
        form.submit("save");
    }

    private void assertField(String id, String value, String placeholder) {
        TagTester field = tester.getTagByWicketId(id);
        assertEquals(value, field.getAttribute("value") == null ? "" : field.getAttribute("value"));
        assertEquals(placeholder, field.getAttribute("placeholder"));
        assertNull(field.getAttribute("aria-invalid"));
    }

    private void assertShown(String text) {
        String page = tester.getLastResponseAsString();
        assertTrue(page.contains(Strings.escapeMarkup(text)), () -> "'" + text + "' not in\n" + page);
    }
}
