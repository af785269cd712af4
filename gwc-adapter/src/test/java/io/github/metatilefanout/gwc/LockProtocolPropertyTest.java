package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.LockProtocol;
import org.junit.jupiter.api.Test;

class LockProtocolPropertyTest {

    @Test
    void unsetMeansTheTileLocks() {
        assertEquals(LockProtocol.TILE_LOCKS, LockProtocolProperty.read(null));
        assertEquals(LockProtocol.TILE_LOCKS, LockProtocolProperty.read(" "));
    }

    @Test
    void namesAreReadInAnyCase() {
        assertEquals(LockProtocol.TILE_LOCKS, LockProtocolProperty.read("tile-locks"));
        assertEquals(LockProtocol.STORING_LOCK, LockProtocolProperty.read(" Storing-Lock "));
    }

    @Test
    void eachProtocolIsNamedInKebabCase() {
        assertEquals("tile-locks", LockProtocolProperty.name(LockProtocol.TILE_LOCKS));
        assertEquals("storing-lock", LockProtocolProperty.name(LockProtocol.STORING_LOCK));
    }

    @Test
    void anUnknownNameIsRefusedWithTheAllowedOnes() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> LockProtocolProperty.read("storing_locks"));
        assertEquals(
                "METATILE_FANOUT_LOCK_PROTOCOL is 'storing_locks', but it must be tile-locks (the default) or"
                        + " storing-lock",
                refused.getMessage());
    }
}
