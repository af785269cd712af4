package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import io.github.metatilefanout.engine.settings.SettingsFormat;
import java.time.Duration;
import java.util.List;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.junit.Before;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The settings resource written through GeoServer's REST resource API ({@code PUT
 * /rest/resource/metatile-fanout.properties}), as a script or another tool does: what is written applies
 * without a restart; a bad value is logged naming the value and its range, and its default applies.
 */
public class FanoutSettingsRestTest extends GeoServerSystemTestSupport {

    private static final String RESOURCE = "rest/resource/" + SettingsFormat.FILE_NAME;
    /** GeoServer's file system resource store looks for changes every 5 seconds. */
    private static final Duration WATCHER_WAIT = Duration.ofSeconds(30);

    private GeoServerFanout fanout;

    @Before
    public void reset() throws Exception {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        fanout.configuration().save(SettingValues.NONE);
    }

    @Test
    public void whatIsWrittenApplies() throws Exception {
        assertEquals(201, write("queueBound=9\nlockTimeoutSeconds=33\n").getStatus());

        await().atMost(WATCHER_WAIT).until(() -> engineSettings().queueBound() == 9);
        assertEquals(Duration.ofSeconds(33), engineSettings().lockTimeout());
    }

    @Test
    public void aBadValueIsLoggedWithItsRangeAndItsDefaultApplies() throws Exception {
        try (LoggedWarnings warnings = new LoggedWarnings()) {
            assertEquals(201, write("queueBound=5000\nlockTimeoutSeconds=33\n").getStatus());

            await().atMost(WATCHER_WAIT)
                    .until(() -> engineSettings().lockTimeout().toSeconds() == 33);
            assertEquals(engineSettings().poolSize(), engineSettings().queueBound());
            String problem = String.format(
                    SettingsFormat.USING_THE_DEFAULT,
                    String.format(
                            Setting.BAD_VALUE,
                            "queueBound",
                            5000,
                            Setting.QUEUE_BOUND.type().description()));
            assertEquals(
                    List.of(String.format(SettingsResource.PROBLEM, SettingsFormat.FILE_NAME, problem)),
                    warnings.lines());
        }
    }

    private MockHttpServletResponse write(String text) throws Exception {
        return putAsServletResponse(RESOURCE, text, "text/plain");
    }

    private FanoutSettings engineSettings() {
        return fanout.currentEngine().settings();
    }
}
