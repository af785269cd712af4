package io.github.metatilefanout.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingsFormatTest {

    private final SettingsFormat all = new SettingsFormat(EnumSet.allOf(FanoutSetting.class));
    private final SettingsFormat withoutPoolSize =
            new SettingsFormat(EnumSet.of(FanoutSetting.QUEUE_BOUND, FanoutSetting.LOCK_TIMEOUT));

    @Test
    void writtenSettingsReadBack() throws IOException {
        StoredSettings settings = new StoredSettings(8, 100, 30);

        SettingsFormat.Read read = all.read(new ByteArrayInputStream(all.write(settings)));

        assertEquals(settings, read.settings());
        assertEquals(List.of(), read.problems());
    }

    @Test
    void unsetValuesAreWrittenEmptyAndReadBackAsDefaults() throws IOException {
        StoredSettings settings = new StoredSettings(0, null, 3600);

        String text = text(all.write(settings));

        assertTrue(text.contains("\nqueueBound=\n"), text);
        assertEquals(settings, all.read(stream(text)).settings());
    }

    @Test
    void eachKeyIsWrittenWithItsRange() {
        String text = text(all.write(new StoredSettings(8, 16, 30)));

        assertTrue(text.contains("# 0 to 256\npoolSize=8\n"), text);
        assertTrue(text.contains("# 0 to 4096\nqueueBound=16\n"), text);
        assertTrue(text.contains("# 1 to 3600\nlockTimeoutSeconds=30\n"), text);
    }

    @Test
    void aSettingNotKeptIsNeverWrittenAndIgnoredWhenRead() throws IOException {
        String text = text(withoutPoolSize.write(new StoredSettings(8, 16, 30)));

        assertTrue(!text.contains("poolSize"), text);
        SettingsFormat.Read read = withoutPoolSize.read(stream("poolSize=8\nqueueBound=16\n"));
        assertEquals(new StoredSettings(null, 16, null), read.settings());
        assertEquals(List.of("poolSize ignored, this file does not keep it"), read.problems());
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
    void badValueIsReportedAndItsDefaultUsed(String line, String problem) throws IOException {
        String key = line.substring(0, line.indexOf('='));

        SettingsFormat.Read read = all.read(stream("poolSize=6\nqueueBound=12\nlockTimeoutSeconds=45\n" + line));

        assertEquals(List.of(problem), read.problems());
        StoredSettings expected = new StoredSettings(
                key.equals("poolSize") ? null : 6,
                key.equals("queueBound") ? null : 12,
                key.equals("lockTimeoutSeconds") ? null : 45);
        assertEquals(expected, read.settings());
    }

    @Test
    void blankValuesAndSpacesAreFine() throws IOException {
        SettingsFormat.Read read = all.read(stream("poolSize =  \nqueueBound = 32 \n"));

        assertEquals(new StoredSettings(null, 32, null), read.settings());
        assertEquals(List.of(), read.problems());
    }

    @Test
    void unknownKeyIsReported() throws IOException {
        SettingsFormat.Read read = all.read(stream("poolsize=8\nqueueBound=32\n"));

        assertEquals(new StoredSettings(null, 32, null), read.settings());
        assertEquals(List.of("poolsize ignored, this file does not keep it"), read.problems());
    }

    @Test
    void malformedTextCannotBeRead() {
        IOException e = assertThrows(IOException.class, () -> all.read(stream("poolSize=8\nqueueBound=\\u12G4\n")));
        assertTrue(e.getMessage().startsWith("not a properties text: "), e.getMessage());
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
