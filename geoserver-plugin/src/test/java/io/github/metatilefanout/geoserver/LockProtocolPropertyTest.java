package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.LockProtocol;
import org.junit.jupiter.api.Test;

class LockProtocolPropertyTest {

    @Test
    void unsetMeansTheTileLocks() {
        assertEquals(LockProtocol.TILE_LOCKS, GeoServerFanout.lockProtocol(null));
        assertEquals(LockProtocol.TILE_LOCKS, GeoServerFanout.lockProtocol(" "));
    }

    @Test
    void namesAreReadInAnyCase() {
        assertEquals(LockProtocol.TILE_LOCKS, GeoServerFanout.lockProtocol("tile-locks"));
        assertEquals(LockProtocol.STORING_LOCK, GeoServerFanout.lockProtocol(" Storing-Lock "));
    }

    @Test
    void anUnknownNameIsRefusedWithTheAllowedOnes() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> GeoServerFanout.lockProtocol("storing_locks"));
        assertEquals(
                "METATILE_FANOUT_LOCK_PROTOCOL is 'storing_locks'; allowed values are tile-locks (the default) and"
                        + " storing-lock",
                refused.getMessage());
    }
}
