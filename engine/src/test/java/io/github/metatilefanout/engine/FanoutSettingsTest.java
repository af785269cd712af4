package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FanoutSettingsTest {

    @Test
    void defaultsAreTwiceTheProcessorsAQueueAsLongAndGeoWebCachesLockTimeout() {
        FanoutSettings defaults = FanoutSettings.defaults();

        assertEquals(2 * Runtime.getRuntime().availableProcessors(), defaults.poolSize());
        assertEquals(defaults.poolSize(), defaults.queueBound());
        assertEquals(Duration.ofSeconds(120), defaults.lockTimeout());
        assertEquals(FanoutSettings.DEFAULT_LOCK_TIMEOUT, defaults.lockTimeout());
    }

    @Test
    void bothHostsLogTheSettingsInOneWording() {
        assertEquals(
                "pool size 3, queue bound 7, store threads 5, lock wait timeout 30 s, single tiles on uncached zoom"
                        + " levels on",
                new FanoutSettings(3, 7, 5, Duration.ofSeconds(30), true).toString());
    }

    @Test
    void outOfRangeValuesNameTheSettingTheValueAndTheRange() {
        assertEquals(
                "poolSize is -1, but it must be a whole number from 0 to 256",
                assertThrows(IllegalArgumentException.class, () -> FanoutSettings.withPoolSize(-1))
                        .getMessage());
        assertEquals(
                "queueBound is 5000, but it must be a whole number from 0 to 256",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new FanoutSettings(2, 5000, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false))
                        .getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "500  | lockTimeoutSeconds is 0.5, but it must be a whole number from 1 to 3600",
                "1500 | lockTimeoutSeconds is 1.5, but it must be a whole number from 1 to 3600",
                "0    | lockTimeoutSeconds is 0, but it must be a whole number from 1 to 3600",
                "3601000 | lockTimeoutSeconds is 3601, but it must be a whole number from 1 to 3600",
            })
    void theLockTimeoutIsWholeSecondsInTheSettingsRange(long millis, String message) {
        assertEquals(
                message,
                assertThrows(IllegalArgumentException.class, () -> FanoutSettings.defaults()
                                .withLockTimeout(Duration.ofMillis(millis)))
                        .getMessage());
    }
}
