package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.gwc.StartupProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FanoutSwitchTest {

    private final FanoutSwitch fanoutSwitch = new FanoutSwitch();

    @AfterEach
    void clearTheSwitch() {
        System.clearProperty(StartupProperties.ENABLED);
    }

    @Test
    void onUnlessSwitchedOffByTheSameNameAsInStandaloneGeoWebCache() {
        assertTrue(fanoutSwitch.isEnabled());
        System.setProperty(StartupProperties.ENABLED, " False ");
        assertFalse(fanoutSwitch.isEnabled());
    }

    @Test
    void aSwitchOtherThanTrueOrFalseIsRefusedNamingItsValue() {
        System.setProperty(StartupProperties.ENABLED, "off");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, fanoutSwitch::isEnabled);
        assertEquals(
                "METATILE_FANOUT_ENABLED is 'off', but it must be true (the default) or false", refused.getMessage());
    }
}
