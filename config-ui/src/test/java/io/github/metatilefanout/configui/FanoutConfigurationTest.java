package io.github.metatilefanout.configui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.FanoutSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FanoutConfigurationTest {

    @TempDir
    Path directory;

    private final List<FanoutSettings> applied = new CopyOnWriteArrayList<>();

    @Test
    void saveKeepsAndAppliesTheResolvedSettings() throws IOException {
        FanoutConfiguration configuration = new FanoutConfiguration(new SettingsFile(directory), applied::add);

        FanoutSettings result = configuration.save(new StoredSettings(6, null, 30));

        FanoutSettings expected = new FanoutSettings(6, 6, Duration.ofSeconds(30));
        assertEquals(expected, result);
        assertEquals(List.of(expected), applied);
        assertEquals(new StoredSettings(6, null, 30), configuration.stored());
        assertEquals(expected, configuration.effective());
    }

    @Test
    void nothingIsAppliedWhenNothingWasKept() {
        SettingsStore failing = new FailingSettingsStore("disk full");
        FanoutConfiguration configuration = new FanoutConfiguration(failing, applied::add);

        assertThrows(IOException.class, () -> configuration.save(new StoredSettings(6, 6, 6)));

        assertEquals(List.of(), applied);
    }

    @Test
    void engineFailureIsLoggedAndThrownAfterKeeping() {
        IllegalStateException refused = new IllegalStateException("engine closed");
        FanoutConfiguration configuration = new FanoutConfiguration(new SettingsFile(directory), settings -> {
            throw refused;
        });

        try (LogCapture log = new LogCapture()) {
            assertSame(
                    refused,
                    assertThrows(IllegalStateException.class, () -> configuration.save(new StoredSettings(6, 6, 6))));
            assertEquals(1, log.messages(Level.WARNING).size());
        }
        assertEquals(new StoredSettings(6, 6, 6), configuration.stored());
    }
}
