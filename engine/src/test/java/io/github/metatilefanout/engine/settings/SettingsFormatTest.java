package io.github.metatilefanout.engine.settings;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static io.github.metatilefanout.engine.settings.Setting.SINGLE_TILE_WHEN_UNCACHED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingsFormatTest {

    private static final SettingValues SET =
            SettingValues.NONE.with(POOL_SIZE, 8).with(QUEUE_BOUND, 16).with(LOCK_TIMEOUT_SECONDS, 30);

    private static final SettingValues SINGLE_TILE = SET.with(SINGLE_TILE_WHEN_UNCACHED, true);

    private final SettingsFormat all = new SettingsFormat(Setting.ALL);
    private final SettingsFormat withoutPoolSize = new SettingsFormat(List.of(QUEUE_BOUND, LOCK_TIMEOUT_SECONDS));

    @Test
    void writtenSettingsReadBack() throws IOException {
        SettingsFormat.Read read = all.read(new ByteArrayInputStream(all.write(SET)));

        assertEquals(SET, read.values());
        assertEquals(List.of(), read.problems());
    }

    @Test
    void unsetValuesAreWrittenEmptyAndReadBackAsDefaults() throws IOException {
        SettingValues values = SET.with(QUEUE_BOUND, null);

        String text = text(all.write(values));

        assertTrue(text.contains("\nqueueBound=\n"), text);
        assertEquals(values, all.read(stream(text)).values());
    }

    @Test
    void eachKeyIsWrittenWithItsRange() {
        String text = text(all.write(SET));

        assertTrue(text.contains("# a whole number from 0 to 256\npoolSize=8\n"), text);
        assertTrue(text.contains("# a whole number from 0 to 256\nqueueBound=16\n"), text);
        assertTrue(text.contains("# a whole number from 1 to 3600\nlockTimeoutSeconds=30\n"), text);
    }

    @Test
    void theSingleTileSwitchIsWrittenAndReadBack() throws IOException {
        String text = text(all.write(SINGLE_TILE));

        assertTrue(text.contains("# true or false\nsingleTileWhenUncached=true\n"), text);
        assertEquals(SINGLE_TILE, all.read(stream(text)).values());
        assertEquals(
                SINGLE_TILE, all.read(stream(text.replace("=true", "= TRUE "))).values());
    }

    @Test
    void aSettingNotKeptIsNeverWrittenAndIgnoredWhenRead() throws IOException {
        String text = text(withoutPoolSize.write(SET));

        assertTrue(!text.contains("poolSize"), text);
        SettingsFormat.Read read = withoutPoolSize.read(stream("poolSize=8\nqueueBound=16\n"));
        assertEquals(SettingValues.NONE.with(QUEUE_BOUND, 16), read.values());
        assertEquals(List.of(String.format(SettingsFormat.NOT_KEPT, "poolSize")), read.problems());
        assertEquals(List.of("poolSize ignored, this file does not keep it"), read.problems());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "poolSize=many         | poolSize is 'many', but it must be a whole number from 0 to 256",
                "poolSize=-1           | poolSize is -1, but it must be a whole number from 0 to 256",
                "poolSize=257          | poolSize is 257, but it must be a whole number from 0 to 256",
                "queueBound=1e3        | queueBound is '1e3', but it must be a whole number from 0 to 256",
                "queueBound=9999999999 | queueBound is '9999999999', but it must be a whole number from 0 to 256",
                "lockTimeoutSeconds=0  | lockTimeoutSeconds is 0, but it must be a whole number from 1 to 3600",
                "singleTileWhenUncached=yes | singleTileWhenUncached is 'yes', but it must be true or false",
            })
    void badValueIsReportedAndItsDefaultUsed(String line, String message) throws IOException {
        Setting<?> bad = Setting.named(line.substring(0, line.indexOf('=')));

        SettingsFormat.Read read = all.read(stream("poolSize=8\nqueueBound=16\nlockTimeoutSeconds=30\n" + line));

        assertEquals(List.of(String.format(SettingsFormat.USING_THE_DEFAULT, message)), read.problems());
        assertEquals(List.of(message + "; using the default"), read.problems());
        assertEquals(SET.with(bad, null), read.values());
    }

    @Test
    void blankValuesAndSpacesAreFine() throws IOException {
        SettingsFormat.Read read = all.read(stream("poolSize =  \nqueueBound = 32 \n"));

        assertEquals(SettingValues.NONE.with(QUEUE_BOUND, 32), read.values());
        assertEquals(List.of(), read.problems());
    }

    @Test
    void unknownKeyIsReported() throws IOException {
        SettingsFormat.Read read = all.read(stream("poolsize=8\nqueueBound=32\n"));

        assertEquals(SettingValues.NONE.with(QUEUE_BOUND, 32), read.values());
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
