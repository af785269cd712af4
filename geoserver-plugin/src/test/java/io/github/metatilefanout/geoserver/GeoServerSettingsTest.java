package io.github.metatilefanout.geoserver;

import static io.github.metatilefanout.geoserver.TestValues.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import io.github.metatilefanout.engine.settings.SettingsFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The settings in a resource store without files, changes from this node and from others. */
class GeoServerSettingsTest {

    private final MemoryResourceStore store = new MemoryResourceStore();
    private final List<FanoutSettings> applied = new CopyOnWriteArrayList<>();
    /** Not the default pool size (twice the processors), so that going back to the default is a change. */
    private static final int POOL = 1;

    private volatile Integer metaTilingThreads = POOL;
    private GeoServerSettings settings;

    @BeforeEach
    void start() {
        settings = new GeoServerSettings(store, () -> metaTilingThreads, SettingsOverrides.NONE, applied::add);
        assertEquals(FanoutSettings.withPoolSize(POOL), settings.initial());
        settings.watch();
    }

    @AfterEach
    void stop() {
        settings.unwatch();
    }

    @Test
    void aSaveIsKeptInTheResourceStoreWithoutThePoolSizeAndAppliedOnce() throws IOException {
        FanoutSettings result = settings.save(values(9, 7, 45));

        FanoutSettings expected = new FanoutSettings(POOL, 7, Duration.ofSeconds(45));
        assertEquals(expected, result);
        assertEquals(List.of(expected), applied, "applied once: the store's own notification changes nothing");
        String text = content();
        assertTrue(text.contains("\nqueueBound=7\n") && text.contains("\nlockTimeoutSeconds=45\n"), text);
        assertTrue(!text.contains("poolSize"), text);
        assertEquals(values(POOL, 7, 45), settings.stored());
    }

    @Test
    void aChangeWrittenByAnotherNodeIsApplied() throws IOException {
        write("queueBound=12\nlockTimeoutSeconds=30\n");

        assertEquals(List.of(new FanoutSettings(POOL, 12, Duration.ofSeconds(30))), applied);
    }

    @Test
    void aChangeThatLeavesTheSettingsInForceAsTheyAreAppliesNothing() throws IOException {
        write("queueBound=\n# only a comment changed\n");
        write("queueBound=" + POOL + "\n"); // the default queue bound is the pool size

        assertEquals(List.of(), applied);
    }

    @Test
    void aDeletedResourceMeansTheDefaults() throws IOException {
        write("queueBound=12\n");

        assertTrue(store.get(SettingsFormat.FILE_NAME).delete());

        assertEquals(
                List.of(
                        new FanoutSettings(POOL, 12, FanoutSettings.DEFAULT_LOCK_TIMEOUT),
                        FanoutSettings.withPoolSize(POOL)),
                applied);
    }

    @Test
    void aBadValueIsLoggedWithItsRangeAndCountsAsItsDefault() throws IOException {
        try (LoggedWarnings warnings = new LoggedWarnings()) {
            write("queueBound=lots\nlockTimeoutSeconds=30\n");

            assertEquals(List.of(new FanoutSettings(POOL, POOL, Duration.ofSeconds(30))), applied);
            String problem = String.format(
                    SettingsFormat.USING_THE_DEFAULT,
                    String.format(
                            Setting.BAD_VALUE,
                            "queueBound",
                            "'lots'",
                            Setting.QUEUE_BOUND.type().description()));
            assertEquals(
                    List.of(String.format(SettingsResource.PROBLEM, SettingsFormat.FILE_NAME, problem)),
                    warnings.lines());
        }
    }

    @Test
    void anUnreadableResourceLeavesTheEngineAsItIs() throws IOException {
        store.readFailure = "database unreachable";

        write("queueBound=12\n");

        assertEquals(List.of(), applied);
        assertEquals(values(POOL, null, null), settings.stored());
    }

    @Test
    void aFailedReadIsLoggedOnceAndTriedAgainOnEveryTileRequestUntilItSucceeds() throws IOException {
        try (LoggedWarnings warnings = new LoggedWarnings()) {
            store.readFailure = "database unreachable";
            write("queueBound=12\n");
            settings.followPoolSize();
            settings.followPoolSize();

            assertEquals(List.of(), applied);
            assertEquals(1, warnings.lines().size(), warnings.lines().toString());
            assertTrue(
                    warnings.lines().get(0).endsWith(GeoServerSettings.READ_AGAIN),
                    warnings.lines().toString());
        }

        store.readFailure = null;
        settings.followPoolSize();
        settings.followPoolSize();

        assertEquals(List.of(new FanoutSettings(POOL, 12, FanoutSettings.DEFAULT_LOCK_TIMEOUT)), applied);
    }

    @Test
    void aFailedReadAtStartIsTriedAgainOnTheFirstTileRequest() throws IOException {
        write("queueBound=12\n");
        store.readFailure = "database unreachable";
        List<FanoutSettings> appliedByIt = new CopyOnWriteArrayList<>();
        GeoServerSettings starting = new GeoServerSettings(store, () -> POOL, SettingsOverrides.NONE, appliedByIt::add);
        assertEquals(FanoutSettings.withPoolSize(POOL), starting.initial());

        store.readFailure = null;
        starting.followPoolSize();

        assertEquals(List.of(new FanoutSettings(POOL, 12, FanoutSettings.DEFAULT_LOCK_TIMEOUT)), appliedByIt);
    }

    @Test
    void aSaveThatCannotBeWrittenAppliesNothing() {
        store.writeFailure = "read-only store";

        IOException e = assertThrows(IOException.class, () -> settings.save(values(null, 7, 45)));

        assertTrue(e.getMessage().contains("read-only store"), e.getMessage());
        assertEquals(List.of(), applied);
    }

    @Test
    void aChangeOfTheMetaTilingThreadsIsFollowedOnce() {
        metaTilingThreads = 0;

        settings.followPoolSize();
        settings.followPoolSize();

        assertEquals(List.of(FanoutSettings.withPoolSize(0)), applied);
    }

    @Test
    void aChangeOfGeoWebCachesConfigurationResourceIsFollowed() throws IOException {
        metaTilingThreads = null;

        store.get(GeoServerSettings.GWC_CONFIG).setContents(new byte[] {'<', '/', '>'});

        assertEquals(List.of(FanoutSettings.defaults()), applied);
    }

    @Test
    void metaTilingThreadsOutOfRangeAreLoggedWithTheRangeAndMeanTheDefaultPoolSize() {
        metaTilingThreads = 1000;

        try (LoggedWarnings warnings = new LoggedWarnings()) {
            settings.followPoolSize();

            String problem = String.format(
                    Setting.BAD_VALUE,
                    GeoServerSettings.META_TILING_THREADS,
                    1000,
                    Setting.POOL_SIZE.type().description());
            assertEquals(List.of(String.format(GeoServerSettings.POOL_SIZE_DEFAULT, problem)), warnings.lines());
        }
        assertEquals(List.of(FanoutSettings.defaults()), applied);
        assertEquals(SettingValues.NONE, settings.stored());
    }

    @Test
    void anEngineRefusalReachesTheSaverAndTheSettingsStayKept() {
        IllegalStateException refusal = new IllegalStateException("engine closed");
        GeoServerSettings refusing = new GeoServerSettings(store, () -> POOL, SettingsOverrides.NONE, changed -> {
            throw refusal;
        });
        refusing.initial();

        assertEquals(refusal, assertThrows(IllegalStateException.class, () -> refusing.save(values(null, 7, 45))));
        assertEquals(values(POOL, 7, 45), refusing.stored());
    }

    private void write(String text) throws IOException {
        store.get(SettingsFormat.FILE_NAME).setContents(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private String content() throws IOException {
        return new String(store.get(SettingsFormat.FILE_NAME).getContents(), StandardCharsets.ISO_8859_1);
    }
}
