package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.LockProtocol;
import org.junit.jupiter.api.Test;

class StartupPropertiesTest {

    @Test
    void unsetMeansEnabledWithTheTileLocks() {
        assertTrue(StartupProperties.enabled(null));
        assertTrue(StartupProperties.enabled(" "));
        assertEquals(LockProtocol.TILE_LOCKS, StartupProperties.lockProtocol(null));
        assertEquals(LockProtocol.TILE_LOCKS, StartupProperties.lockProtocol(" "));
    }

    @Test
    void valuesAreReadInAnyCase() {
        assertFalse(StartupProperties.enabled(" FALSE "));
        assertTrue(StartupProperties.enabled("True"));
        assertEquals(LockProtocol.TILE_LOCKS, StartupProperties.lockProtocol("tile-locks"));
        assertEquals(LockProtocol.STORING_LOCK, StartupProperties.lockProtocol(" Storing-Lock "));
    }

    @Test
    void eachProtocolIsNamedInKebabCase() {
        assertEquals("tile-locks", StartupProperties.name(LockProtocol.TILE_LOCKS));
        assertEquals("storing-lock", StartupProperties.name(LockProtocol.STORING_LOCK));
    }

    @Test
    void aSwitchOtherThanTrueOrFalseIsRefused() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> StartupProperties.enabled("no"));
        assertEquals(
                "METATILE_FANOUT_ENABLED is 'no', but it must be true (the default) or false", refused.getMessage());
    }

    @Test
    void anUnknownProtocolIsRefusedWithTheAllowedOnes() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> StartupProperties.lockProtocol("storing_locks"));
        assertEquals(
                "METATILE_FANOUT_LOCK_PROTOCOL is 'storing_locks', but it must be tile-locks (the default) or"
                        + " storing-lock",
                refused.getMessage());
    }
}
