package io.github.metatilefanout.engine.settings;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SettingValuesTest {

    private static final SettingValues SET =
            SettingValues.NONE.with(POOL_SIZE, 5).with(QUEUE_BOUND, 9).with(LOCK_TIMEOUT_SECONDS, 60);

    @Test
    void noneResolvesToTheEngineDefaults() {
        assertEquals(FanoutSettings.defaults(), SettingValues.NONE.resolve());
    }

    @Test
    void queueBoundDefaultsToThePoolSize() {
        assertEquals(
                new FanoutSettings(5, 5, 16, Duration.ofSeconds(120), false),
                SettingValues.NONE.with(POOL_SIZE, 5).resolve());
    }

    @Test
    void setValuesResolveAsGiven() {
        assertEquals(new FanoutSettings(5, 9, 16, Duration.ofSeconds(60), false), SET.resolve());
        assertEquals(Integer.valueOf(9), SET.get(QUEUE_BOUND));
        assertEquals(9, SET.valueOrDefault(QUEUE_BOUND));
    }

    @Test
    void nullUnsetsAValue() {
        SettingValues values = SET.with(QUEUE_BOUND, null);

        assertNull(values.get(QUEUE_BOUND));
        assertEquals(5, values.valueOrDefault(QUEUE_BOUND));
        assertEquals(
                SettingValues.NONE,
                SET.with(POOL_SIZE, null).with(QUEUE_BOUND, null).with(LOCK_TIMEOUT_SECONDS, null));
    }

    @Test
    void anOutOfRangeValueIsRejectedWithItsValueAndRange() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SettingValues.NONE.with(LOCK_TIMEOUT_SECONDS, 0));

        assertEquals("lockTimeoutSeconds is 0, but it must be a whole number from 1 to 3600", e.getMessage());
    }

    @Test
    void valuesSetOverOthersWinAndUnsetOnesFallBack() {
        SettingValues fixed = SettingValues.NONE.with(POOL_SIZE, 3);

        assertEquals(SET.with(POOL_SIZE, 3), fixed.over(SET));
        assertEquals(SET, SettingValues.NONE.over(SET));
    }

    @Test
    void namesTheValuesSetByTheirKeysInTheOrderOfTheSettings() {
        assertEquals(
                "poolSize=3, lockTimeoutSeconds=30",
                SettingValues.NONE
                        .with(LOCK_TIMEOUT_SECONDS, 30)
                        .with(POOL_SIZE, 3)
                        .toString());
        assertEquals("", SettingValues.NONE.toString());
    }

    @Test
    void serializedValuesReadBackEqual() throws IOException, ClassNotFoundException {
        assertEquals(SET, SettingTest.roundTrip(SET));
    }
}
