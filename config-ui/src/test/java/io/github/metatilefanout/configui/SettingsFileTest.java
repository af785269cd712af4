package io.github.metatilefanout.configui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingsFileTest {

    @TempDir
    Path directory;

    @Test
    void missingFileMeansDefaultsWithoutWarning() {
        try (LogCapture log = new LogCapture()) {
            assertEquals(StoredSettings.DEFAULTS, new SettingsFile(directory).load());
            assertEquals(List.of(), log.messages(Level.WARNING));
        }
    }

    @Test
    void savedSettingsReadBack() throws IOException {
        SettingsFile file = new SettingsFile(directory);
        StoredSettings settings = new StoredSettings(8, 100, 30);

        file.save(settings);

        assertEquals(directory.resolve(SettingsFile.FILE_NAME), file.path());
        assertEquals(settings, new SettingsFile(directory).load());
    }

    @Test
    void unsetValuesReadBackAsDefaults() throws IOException {
        SettingsFile file = new SettingsFile(directory);
        StoredSettings settings = new StoredSettings(0, null, 3600);

        file.save(settings);

        assertEquals(settings, file.load());
        assertTrue(content().contains("\nqueueBound=\n"), content());
    }

    @Test
    void fileNamesEachKeyWithItsRange() throws IOException {
        new SettingsFile(directory).save(new StoredSettings(8, 16, 30));

        assertTrue(content().contains("# 0 to 256\npoolSize=8\n"), content());
        assertTrue(content().contains("# 0 to 4096\nqueueBound=16\n"), content());
        assertTrue(content().contains("# 1 to 3600\nlockTimeoutSeconds=30\n"), content());
    }

    @Test
    void saveReplacesTheFileInOneStep() throws IOException {
        SettingsFile file = new SettingsFile(directory);
        file.save(new StoredSettings(1, 1, 1));
        String before = content();

        // A reader that opened the old file still reads it whole: the new one was moved in, not written over it.
        try (InputStream reader = Files.newInputStream(file.path())) {
            file.save(new StoredSettings(200, 4000, 3000));
            assertEquals(before, new String(reader.readAllBytes(), StandardCharsets.ISO_8859_1));
        }
        assertEquals(new StoredSettings(200, 4000, 3000), file.load());
        assertEquals(List.of(file.path()), filesInDirectory());
    }

    @Test
    void failedSaveLeavesNoTemporaryFile() throws IOException {
        // A non-empty directory where the file should be: the final move fails.
        Files.createDirectories(directory.resolve(SettingsFile.FILE_NAME).resolve("blocker"));

        assertThrows(IOException.class, () -> new SettingsFile(directory).save(new StoredSettings(8, 8, 8)));

        assertEquals(List.of(directory.resolve(SettingsFile.FILE_NAME)), filesInDirectory());
    }

    @Test
    void saveCreatesTheDirectory() throws IOException {
        Path nested = directory.resolve("gwc").resolve("data");

        new SettingsFile(nested).save(new StoredSettings(3, 4, 5));

        assertEquals(new StoredSettings(3, 4, 5), new SettingsFile(nested).load());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "poolSize=many   | poolSize = 'many' is not a whole number from 0 to 256; using the default",
                "poolSize=-1     | poolSize = -1 is outside the allowed range 0 to 256; using the default",
                "poolSize=257    | poolSize = 257 is outside the allowed range 0 to 256; using the default",
                "queueBound=1e3  | queueBound = '1e3' is not a whole number from 0 to 4096; using the default",
                "queueBound=9999999999 | queueBound = '9999999999' is not a whole number from 0 to 4096; using the"
                        + " default",
                "lockTimeoutSeconds=0 | lockTimeoutSeconds = 0 is outside the allowed range 1 to 3600; using the"
                        + " default",
            })
    void badValueIsReportedAndItsDefaultUsed(String line, String warning) throws IOException {
        Files.writeString(file(), "poolSize=6\nqueueBound=12\nlockTimeoutSeconds=45\n" + line + "\n");
        String key = line.substring(0, line.indexOf('='));

        try (LogCapture log = new LogCapture()) {
            StoredSettings loaded = new SettingsFile(directory).load();

            assertEquals(List.of(file() + ": " + warning), log.messages(Level.WARNING));
            StoredSettings expected = new StoredSettings(
                    key.equals("poolSize") ? null : 6,
                    key.equals("queueBound") ? null : 12,
                    key.equals("lockTimeoutSeconds") ? null : 45);
            assertEquals(expected, loaded);
        }
    }

    @Test
    void blankValuesAndSpacesAreFine() throws IOException {
        Files.writeString(file(), "poolSize =  \nqueueBound = 32 \n");

        try (LogCapture log = new LogCapture()) {
            assertEquals(new StoredSettings(null, 32, null), new SettingsFile(directory).load());
            assertEquals(List.of(), log.messages(Level.WARNING));
        }
    }

    @Test
    void unknownKeyIsReported() throws IOException {
        Files.writeString(file(), "poolsize=8\nqueueBound=32\n");

        try (LogCapture log = new LogCapture()) {
            assertEquals(new StoredSettings(null, 32, null), new SettingsFile(directory).load());
            assertEquals(
                    List.of(file() + ": poolsize ignored, this file does not keep it"), log.messages(Level.WARNING));
        }
    }

    @Test
    void unreadableFileMeansDefaultsAndAWarning() throws IOException {
        Files.createDirectory(file()); // reading a directory fails, even for root

        try (LogCapture log = new LogCapture()) {
            assertEquals(StoredSettings.DEFAULTS, new SettingsFile(directory).load());
            List<String> warnings = log.messages(Level.WARNING);
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).startsWith("Cannot read " + file() + " ("), warnings.get(0));
            assertTrue(warnings.get(0).endsWith("); using the defaults"), warnings.get(0));
        }
    }

    @Test
    void malformedFileMeansDefaultsAndAWarning() throws IOException {
        Files.writeString(file(), "poolSize=8\nqueueBound=\\u12G4\n");

        try (LogCapture log = new LogCapture()) {
            assertEquals(StoredSettings.DEFAULTS, new SettingsFile(directory).load());
            assertEquals(1, log.messages(Level.WARNING).size());
        }
    }

    private Path file() {
        return directory.resolve(SettingsFile.FILE_NAME);
    }

    private String content() throws IOException {
        return Files.readString(file(), StandardCharsets.ISO_8859_1);
    }

    private List<Path> filesInDirectory() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }
}
