package io.github.metatilefanout.geoserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.MetricsMBean;
import io.github.metatilefanout.gwc.StartupProperties;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad start-up choice stops GeoServer before anything is built: Spring does not destroy a bean whose start failed,
 * so an engine, MBean or listener built first would outlive the web application. No GeoWebCache is given: building
 * anything would fail on it first.
 */
class GeoServerFanoutStartupTest {

    @AfterEach
    void clearTheProperties() {
        System.clearProperty(StartupProperties.ENABLED);
        System.clearProperty(StartupProperties.LOCK_PROTOCOL);
        System.clearProperty(GeoServerFanout.FORMER_SWITCH);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "METATILE_FANOUT_ENABLED       | maybe | METATILE_FANOUT_ENABLED is 'maybe', but it must be true (the"
                        + " default) or false",
                "METATILE_FANOUT_LOCK_PROTOCOL | locks | METATILE_FANOUT_LOCK_PROTOCOL is 'locks', but it must be"
                        + " tile-locks (the default) or storing-lock",
                "metatile-fanout.enabled       | false | metatile-fanout.enabled is 'false' and no longer read: remove it"
                        + " and set METATILE_FANOUT_ENABLED to true (the default) or false instead"
            })
    void aBadStartUpChoiceStopsStartUpBeforeAnythingIsBuilt(String property, String value, String message)
            throws Exception {
        System.setProperty(property, value);
        GeoServerFanout fanout =
                new GeoServerFanout(null, null, new MemoryResourceStore(), SettingsOverrides.NONE, new FanoutSwitch());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, fanout::afterPropertiesSet);

        assertThat(refused).hasMessage(message);
        assertThat(ManagementFactory.getPlatformMBeanServer()
                        .isRegistered(MetricsMBean.objectName(GeoServerFanout.NAME)))
                .isFalse();
    }
}
