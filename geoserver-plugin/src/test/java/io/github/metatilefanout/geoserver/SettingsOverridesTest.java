package io.github.metatilefanout.geoserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.metatilefanout.configui.SettingsFile;
import io.github.metatilefanout.configui.SettingsStore;
import io.github.metatilefanout.configui.StoredSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsOverridesTest {

    private static final SettingsOverrides POOL_OF_THREE = new SettingsOverrides(new StoredSettings(3, null, null));

    @TempDir
    Path directory;

    @Test
    void setValuesWinUnsetOnesFallBackToTheStoredOnes() throws Exception {
        SettingsFile stored = new SettingsFile(directory);
        stored.save(new StoredSettings(5, 9, 60));

        assertThat(POOL_OF_THREE.over(stored).load()).isEqualTo(new StoredSettings(3, 9, 60));
    }

    @Test
    void savingKeepsWhatTheAdminSavedAndTheOverrideStillWins() throws Exception {
        SettingsFile stored = new SettingsFile(directory);
        SettingsStore seen = POOL_OF_THREE.over(stored);

        seen.save(new StoredSettings(8, 16, null));

        assertThat(stored.load()).isEqualTo(new StoredSettings(8, 16, null));
        assertThat(seen.load()).isEqualTo(new StoredSettings(3, 16, null));
    }

    @Test
    void noOverridesLeaveTheStoreAsItIs() {
        SettingsFile stored = new SettingsFile(directory);

        assertThat(SettingsOverrides.NONE.over(stored)).isSameAs(stored);
    }
}
