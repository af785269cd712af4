package io.github.metatilefanout.configui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.FanoutSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

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
    void outOfRangeValueIsRejectedWithItsRange() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new StoredSettings(null, 4097, null));
        assertEquals("queueBound is 4097; allowed range is 0 to 4096", e.getMessage());
    }
}
