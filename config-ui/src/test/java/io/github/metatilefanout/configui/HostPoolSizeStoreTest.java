package io.github.metatilefanout.configui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostPoolSizeStoreTest {

    /** The host's own setting, as GeoWebCache's "meta tiling threads" in GeoServer. */
    static final class HostSetting implements PoolSizeStore {
        Integer value;
        int saves;
        boolean failing;

        HostSetting(Integer value) {
            this.value = value;
        }

        @Override
        public Integer load() {
            return value;
        }

        @Override
        public void save(Integer poolSize) throws IOException {
            if (failing) {
                throw new IOException("host configuration is read-only");
            }
            value = poolSize;
            saves++;
        }

        @Override
        public String toString() {
            return "host setting";
        }
    }

    @TempDir
    Path directory;

    @Test
    void poolSizeComesFromTheHost() throws IOException {
        new SettingsFile(directory).save(new StoredSettings(99, 16, 30));
        HostSetting host = new HostSetting(12);

        assertEquals(new StoredSettings(12, 16, 30), store(host).load());
    }

    @Test
    void poolSizeIsSavedToTheHostOnly() throws IOException {
        HostSetting host = new HostSetting(null);

        store(host).save(new StoredSettings(12, 16, 30));

        assertEquals(12, host.value);
        assertFalse(Files.readString(directory.resolve(SettingsFile.FILE_NAME)).contains("poolSize"));
        assertEquals(new StoredSettings(null, 16, 30), new SettingsFile(directory).load());
    }

    @Test
    void unchangedPoolSizeIsNotWrittenAgain() throws IOException {
        HostSetting host = new HostSetting(12);

        store(host).save(new StoredSettings(12, 16, 30));

        assertEquals(0, host.saves);
        assertEquals(new StoredSettings(12, 16, 30), store(host).load());
    }

    @Test
    void hostFailureRestoresTheFile() throws IOException {
        HostSetting host = new HostSetting(4);
        SettingsStore store = store(host);
        store.save(new StoredSettings(4, 8, 60));
        host.failing = true;

        IOException failure = assertThrows(IOException.class, () -> store.save(new StoredSettings(6, 100, 10)));

        assertEquals("host configuration is read-only", failure.getMessage());
        assertEquals(new StoredSettings(4, 8, 60), store.load());
    }

    @Test
    void hostValueOutOfRangeIsReportedAndTheDefaultUsed() {
        try (LogCapture log = new LogCapture()) {
            assertEquals(StoredSettings.DEFAULTS, store(new HostSetting(1000)).load());
            assertEquals(
                    List.of("host setting: poolSize = 1000 is outside the allowed range 0 to 256; using the default"),
                    log.messages(Level.WARNING));
        }
    }

    @Test
    void poolSizeInTheFileIsNotASecondSource() throws IOException {
        Files.writeString(directory.resolve(SettingsFile.FILE_NAME), "poolSize=99\nqueueBound=5\n");

        try (LogCapture log = new LogCapture()) {
            assertEquals(
                    new StoredSettings(3, 5, null), store(new HostSetting(3)).load());
            assertEquals(
                    List.of(directory.resolve(SettingsFile.FILE_NAME)
                            + ": poolSize ignored, this file does not keep it"),
                    log.messages(Level.WARNING));
        }
    }

    private SettingsStore store(HostSetting host) {
        return new SettingsFile(directory).withPoolSizeFrom(host);
    }
}
