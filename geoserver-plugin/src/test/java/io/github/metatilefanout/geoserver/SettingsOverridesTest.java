package io.github.metatilefanout.geoserver;

import static io.github.metatilefanout.geoserver.TestValues.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.Setting;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Settings fixed by the deployment over the ones kept in GeoServer's resource store. */
class SettingsOverridesTest {

    private static final SettingsOverrides POOL_OF_THREE = new SettingsOverrides(values(3, null, null));
    private static final int META_TILING_THREADS = 5;

    private final MemoryResourceStore store = new MemoryResourceStore();
    private final List<FanoutSettings> applied = new CopyOnWriteArrayList<>();

    @Test
    void setValuesWinUnsetOnesFallBackToTheStoredOnes() {
        assertThat(POOL_OF_THREE.over(values(5, 9, 60))).isEqualTo(values(3, 9, 60));
        assertThat(SettingsOverrides.NONE.over(values(5, 9, 60))).isEqualTo(values(5, 9, 60));
    }

    @Test
    void namesTheFixedSettingsByTheirKeys() {
        assertThat(new SettingsOverrides(values(3, null, 30))).hasToString("poolSize=3, lockTimeoutSeconds=30");
    }

    @Test
    void theEngineStartsWithTheFixedPoolSizeOverGeoWebCachesSetting() {
        GeoServerSettings settings = settings();

        assertThat(settings.initial()).isEqualTo(FanoutSettings.withPoolSize(3));
        assertThat(settings.stored().get(Setting.POOL_SIZE)).isEqualTo(3);
    }

    @Test
    void aSaveKeepsWhatTheAdminSavedAndTheFixedValueStillWins() throws Exception {
        GeoServerSettings settings = settings();
        settings.initial();

        FanoutSettings result = settings.save(values(8, 16, 45));

        assertThat(result).isEqualTo(new FanoutSettings(3, 16, 16, Duration.ofSeconds(45), false));
        assertThat(applied).containsExactly(result);
        assertThat(settings.stored()).isEqualTo(values(3, 16, 45));
    }

    private GeoServerSettings settings() {
        return new GeoServerSettings(
                store, () -> META_TILING_THREADS, POOL_OF_THREE, applied::add, System::nanoTime, Runnable::run);
    }
}
