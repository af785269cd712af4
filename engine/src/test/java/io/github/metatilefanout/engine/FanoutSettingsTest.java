package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FanoutSettingsTest {

    @Test
    void defaultsAreTwiceTheProcessorsAQueueAsLongAndGeoWebCachesLockTimeout() {
        FanoutSettings defaults = FanoutSettings.defaults();

        assertEquals(2 * Runtime.getRuntime().availableProcessors(), defaults.poolSize());
        assertEquals(defaults.poolSize(), defaults.queueBound());
        assertEquals(Duration.ofSeconds(120), defaults.lockTimeout());
    }

    @Test
    void outOfRangeValuesNameTheSettingTheValueAndTheRange() {
        assertEquals(
                "poolSize is -1; allowed range is 0 to 256",
                assertThrows(IllegalArgumentException.class, () -> FanoutSettings.withPoolSize(-1))
                        .getMessage());
        assertEquals(
                "queueBound is 5000; allowed range is 0 to 4096",
                assertThrows(IllegalArgumentException.class, () -> FanoutSettings.defaults()
                                .withQueueBound(5000))
                        .getMessage());
        assertEquals(
                "lockTimeout is 500 ms; allowed range is 1 to 3600 seconds",
                assertThrows(IllegalArgumentException.class, () -> FanoutSettings.defaults()
                                .withLockTimeout(Duration.ofMillis(500)))
                        .getMessage());
    }
}
