package io.github.metatilefanout.engine.settings;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static io.github.metatilefanout.engine.settings.Setting.SINGLE_TILE_WHEN_UNCACHED;
import static io.github.metatilefanout.engine.settings.Setting.STORE_THREADS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SettingTest {

    @Test
    void everySettingInTheOrderFormsAndFilesShowThem() {
        assertEquals(
                List.of(POOL_SIZE, QUEUE_BOUND, STORE_THREADS, LOCK_TIMEOUT_SECONDS, SINGLE_TILE_WHEN_UNCACHED),
                Setting.ALL);
        assertEquals(
                List.of("poolSize", "queueBound", "storeThreads", "lockTimeoutSeconds", "singleTileWhenUncached"),
                Setting.ALL.stream().map(Setting::key).toList());
    }

    @Test
    void rangesAreTheDocumentedOnes() {
        assertEquals(new WholeNumbers(0, 256), POOL_SIZE.type());
        assertEquals(new WholeNumbers(0, 256), QUEUE_BOUND.type());
        assertEquals(new WholeNumbers(0, 256), STORE_THREADS.type());
        assertEquals(new WholeNumbers(1, 3600), LOCK_TIMEOUT_SECONDS.type());
    }

    @Test
    void defaultsAreTwiceTheProcessorsAQueueAsLongAsThePoolSixteenStoreThreadsAndGeoWebCachesLockTimeout() {
        SettingValues none = SettingValues.NONE;
        assertEquals(2 * Runtime.getRuntime().availableProcessors(), POOL_SIZE.defaultValue(none));
        assertEquals(POOL_SIZE.defaultValue(none), QUEUE_BOUND.defaultValue(none));
        assertEquals(5, QUEUE_BOUND.defaultValue(none.with(POOL_SIZE, 5)));
        assertEquals(16, STORE_THREADS.defaultValue(none));
        assertEquals(120, LOCK_TIMEOUT_SECONDS.defaultValue(none));
    }

    @Test
    void theMessageNamesTheSettingTheValueAndTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> POOL_SIZE.check(300));

        assertEquals("poolSize is 300, but it must be a whole number from 0 to 256", e.getMessage());
        assertEquals(String.format(Setting.BAD_VALUE, "poolSize", 300, "a whole number from 0 to 256"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "poolSize           | 0    | true",
                "poolSize           | 256  | true",
                "poolSize           | -1   | false",
                "poolSize           | 257  | false",
                "queueBound         | 0    | true",
                "queueBound         | 256  | true",
                "queueBound         | 257  | false",
                "storeThreads       | 0    | true",
                "storeThreads       | 256  | true",
                "storeThreads       | -1   | false",
                "storeThreads       | 257  | false",
                "lockTimeoutSeconds | 1    | true",
                "lockTimeoutSeconds | 3600 | true",
                "lockTimeoutSeconds | 0    | false",
                "lockTimeoutSeconds | 3601 | false",
            })
    void bothEndsOfEveryRangeAreAllowedAndNothingPast(String key, int value, boolean allowed) {
        @SuppressWarnings("unchecked")
        Setting<Integer> setting = (Setting<Integer>) Setting.named(key);
        WholeNumbers range = (WholeNumbers) setting.type();

        assertEquals(allowed, setting.allows(value));
        if (allowed) {
            assertEquals(value, setting.check(value));
        } else {
            assertEquals(
                    String.format(Setting.BAD_VALUE, key, value, range.description()),
                    assertThrows(IllegalArgumentException.class, () -> setting.check(value))
                            .getMessage());
        }
    }

    @Test
    void aCheckCanNameTheSettingAsTheEntryPointKnowsIt() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> QUEUE_BOUND.check("geoserver.extension.x.queue-bound", -1));

        assertEquals(
                "geoserver.extension.x.queue-bound is -1, but it must be a whole number from 0 to 256", e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "' 32 ' | 32",
                "+7     | 7",
                "0      | 0",
            })
    void textIsReadStripped(String text, int value) {
        assertEquals(value, QUEUE_BOUND.parse("queueBound", text));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "lots       | queueBound is 'lots', but it must be a whole number from 0 to 256",
                "1.5        | queueBound is '1.5', but it must be a whole number from 0 to 256",
                "9999999999 | queueBound is '9999999999', but it must be a whole number from 0 to 256",
                "257       | queueBound is 257, but it must be a whole number from 0 to 256",
                "-1         | queueBound is -1, but it must be a whole number from 0 to 256",
            })
    void badTextIsRejectedWithItsValueAndTheRange(String text, String message) {
        assertEquals(
                message,
                assertThrows(IllegalArgumentException.class, () -> QUEUE_BOUND.parse("queueBound", text))
                        .getMessage());
    }

    @Test
    void unknownKeysAreNotSettings() {
        assertSame(POOL_SIZE, Setting.named("poolSize"));
        assertEquals(null, Setting.named("poolsize"));
        assertTrue(Setting.ALL.stream().allMatch(setting -> Setting.named(setting.key()) == setting));
    }

    @Test
    void aSerializedSettingIsTheSameConstantAgain() throws IOException, ClassNotFoundException {
        assertSame(LOCK_TIMEOUT_SECONDS, roundTrip(LOCK_TIMEOUT_SECONDS));
    }

    /** {@code object} serialized and read back. */
    static Object roundTrip(Object object) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
