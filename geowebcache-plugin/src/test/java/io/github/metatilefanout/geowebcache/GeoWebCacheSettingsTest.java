package io.github.metatilefanout.geowebcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.Setting;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GeoWebCacheSettingsTest {

    @Test
    void nothingSetMeansEnabledWithTheEnginesDefaultsTileLocksAndTheEnginesPngEncoder() {
        GeoWebCacheSettings settings = settings(Map.of());
        assertTrue(settings.enabled());
        assertEquals(FanoutSettings.defaults(), settings.engineSettings());
        assertEquals(LockProtocol.TILE_LOCKS, settings.lockProtocol());
        assertEquals(PngEncoderSetting.FANOUT, settings.pngEncoder());
    }

    @Test
    void eachSettingIsNamedAfterItsKey() {
        assertEquals("METATILE_FANOUT_POOL_SIZE", GeoWebCacheSettings.name(Setting.POOL_SIZE));
        assertEquals("METATILE_FANOUT_QUEUE_BOUND", GeoWebCacheSettings.name(Setting.QUEUE_BOUND));
        assertEquals("METATILE_FANOUT_STORE_THREADS", GeoWebCacheSettings.name(Setting.STORE_THREADS));
        assertEquals("METATILE_FANOUT_LOCK_TIMEOUT_SECONDS", GeoWebCacheSettings.name(Setting.LOCK_TIMEOUT_SECONDS));
        assertEquals(
                "METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED",
                GeoWebCacheSettings.name(Setting.SINGLE_TILE_WHEN_UNCACHED));
    }

    @Test
    void valuesSetAreApplied() {
        GeoWebCacheSettings settings = settings(Map.of(
                "METATILE_FANOUT_ENABLED", " FALSE ",
                "METATILE_FANOUT_POOL_SIZE", "3",
                "METATILE_FANOUT_QUEUE_BOUND", "7",
                "METATILE_FANOUT_STORE_THREADS", "5",
                "METATILE_FANOUT_LOCK_TIMEOUT_SECONDS", "30",
                "METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED", "true",
                "METATILE_FANOUT_LOCK_PROTOCOL", "Storing-Lock",
                "METATILE_FANOUT_PNG_ENCODER", " GeoWebCache"));
        assertFalse(settings.enabled());
        assertEquals(new FanoutSettings(3, 7, 5, Duration.ofSeconds(30), true), settings.engineSettings());
        assertEquals(LockProtocol.STORING_LOCK, settings.lockProtocol());
        assertEquals(PngEncoderSetting.GEOWEBCACHE, settings.pngEncoder());
        assertEquals(
                "pool size 3, queue bound 7, store threads 5, lock wait timeout 30 s, single tiles on uncached zoom levels"
                        + " on, lock protocol storing-lock, PNG encoder geowebcache",
                settings.toString());
    }

    @Test
    void aNumberOutOfRangeIsRefusedNamingTheSettingTheValueAndTheRange() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> settings(Map.of("METATILE_FANOUT_POOL_SIZE", "300")));
        assertEquals(
                "METATILE_FANOUT_POOL_SIZE is 300, but it must be a whole number from 0 to 256", refused.getMessage());
    }

    @Test
    void aValueThatIsNoNumberIsRefused() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> settings(Map.of("METATILE_FANOUT_LOCK_TIMEOUT_SECONDS", "2m")));
        assertEquals(
                "METATILE_FANOUT_LOCK_TIMEOUT_SECONDS is '2m', but it must be a whole number from 1 to 3600",
                refused.getMessage());
    }

    @Test
    void anUnknownLockProtocolIsRefusedNamingTheAllowedOnes() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> settings(Map.of("METATILE_FANOUT_LOCK_PROTOCOL", "none")));
        assertEquals(
                "METATILE_FANOUT_LOCK_PROTOCOL is 'none', but it must be tile-locks (the default) or storing-lock",
                refused.getMessage());
    }

    @Test
    void anUnknownPngEncoderIsRefusedNamingTheAllowedOnes() {
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> settings(Map.of("METATILE_FANOUT_PNG_ENCODER", " jdk ")));
        assertEquals(
                "METATILE_FANOUT_PNG_ENCODER is 'jdk', but it must be fanout (the default) or geowebcache",
                refused.getMessage());
    }

    @Test
    void anEnabledFlagOtherThanTrueOrFalseIsRefused() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> settings(Map.of("METATILE_FANOUT_ENABLED", "no")));
        assertEquals(
                "METATILE_FANOUT_ENABLED is 'no', but it must be true (the default) or false", refused.getMessage());
    }

    private static GeoWebCacheSettings settings(Map<String, String> properties) {
        return new GeoWebCacheSettings(properties::get);
    }
}
