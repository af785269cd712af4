package io.github.metatilefanout.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.FanoutSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StoredSettingsTest {

    @Test
    void defaultsResolveToTheEngineDefaults() {
        assertEquals(FanoutSettings.defaults(), StoredSettings.DEFAULTS.resolve());
    }

    @Test
    void queueBoundDefaultsToThePoolSize() {
        assertEquals(new FanoutSettings(5, 5, Duration.ofSeconds(120)), new StoredSettings(5, null, null).resolve());
    }

    @Test
    void setValuesResolveAsGiven() {
        assertEquals(new FanoutSettings(0, 9, Duration.ofSeconds(1)), new StoredSettings(0, 9, 1).resolve());
    }

    @Test
    void bothEndsOfEveryRangeAreAllowed() {
        assertEquals(new FanoutSettings(0, 0, Duration.ofSeconds(1)), new StoredSettings(0, 0, 1).resolve());
        assertEquals(
                new FanoutSettings(256, 4096, Duration.ofSeconds(3600)), new StoredSettings(256, 4096, 3600).resolve());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "-1 |      |      | poolSize is -1; allowed range is 0 to 256",
                "257 |     |      | poolSize is 257; allowed range is 0 to 256",
                "    | -1  |      | queueBound is -1; allowed range is 0 to 4096",
                "    | 4097 |     | queueBound is 4097; allowed range is 0 to 4096",
                "    |     | 0    | lockTimeoutSeconds is 0; allowed range is 1 to 3600",
                "    |     | 3601 | lockTimeoutSeconds is 3601; allowed range is 1 to 3600",
            })
    void outOfRangeValueIsRejectedWithItsValueAndRange(
            Integer poolSize, Integer queueBound, Integer lockTimeoutSeconds, String message) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new StoredSettings(poolSize, queueBound, lockTimeoutSeconds));
        assertEquals(message, e.getMessage());
    }

    @Test
    void withPoolSizeKeepsTheOtherValues() {
        assertEquals(new StoredSettings(3, 7, 45), new StoredSettings(null, 7, 45).withPoolSize(3));
        assertEquals(Integer.valueOf(7), new StoredSettings(null, 7, 45).get(FanoutSetting.QUEUE_BOUND));
    }
}
