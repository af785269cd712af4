package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingPropertiesTest {

    @Test
    void aSettingsPropertyIsNamedByItsKeysWordsInTheStyleAsked() {
        assertEquals(
                "METATILE_FANOUT_LOCK_TIMEOUT_SECONDS",
                SettingProperties.name("METATILE_FANOUT_", Setting.LOCK_TIMEOUT_SECONDS, '_', true));
        assertEquals(
                "p.single-tile-when-uncached",
                SettingProperties.name("p.", Setting.SINGLE_TILE_WHEN_UNCACHED, '-', false));
    }

    @Test
    void propertiesNotSetOrBlankHoldNothingAndTheOthersAreParsed() {
        Map<String, String> properties = Map.of("P_POOL_SIZE", " ", "P_QUEUE_BOUND", "7");

        SettingValues values =
                SettingProperties.read(setting -> SettingProperties.name("P_", setting, '_', true), properties::get);

        assertEquals(SettingValues.NONE.with(Setting.QUEUE_BOUND, 7), values);
    }

    @Test
    void aBadValueNamesItsProperty() {
        IllegalArgumentException failure = assertThrows(
                IllegalArgumentException.class,
                () -> SettingProperties.read(
                        setting -> SettingProperties.name("P_", setting, '_', true),
                        name -> name.equals("P_QUEUE_BOUND") ? "many" : null));

        assertEquals(true, failure.getMessage().startsWith("P_QUEUE_BOUND is 'many'"), failure.getMessage());
    }
}
