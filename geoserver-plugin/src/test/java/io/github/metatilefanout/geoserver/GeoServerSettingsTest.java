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
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
    private final AtomicLong nanos = new AtomicLong();
    /** The reads of the settings handed off the tile path, not yet run. */
    private final Queue<Runnable> retries = new ConcurrentLinkedQueue<>();

    private GeoServerSettings settings;

    @BeforeEach
    void start() {
        settings = settings(() -> metaTilingThreads, applied::add);
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

        FanoutSettings expected = new FanoutSettings(POOL, 7, 16, Duration.ofSeconds(45), false);
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

        assertEquals(List.of(new FanoutSettings(POOL, 12, 16, Duration.ofSeconds(30), false)), applied);
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
                        new FanoutSettings(POOL, 12, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false),
                        FanoutSettings.withPoolSize(POOL)),
                applied);
    }

    @Test
    void aBadValueIsLoggedWithItsRangeAndCountsAsItsDefault() throws IOException {
        try (LoggedWarnings warnings = new LoggedWarnings()) {
            write("queueBound=lots\nlockTimeoutSeconds=30\n");

            assertEquals(List.of(new FanoutSettings(POOL, POOL, 16, Duration.ofSeconds(30), false)), applied);
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
    void aFailedReadIsLoggedOnceAndTriedAgainOffTheTilePathAtMostOnceEveryRetryIntervalUntilItSucceeds()
            throws IOException {
        try (LoggedWarnings warnings = new LoggedWarnings()) {
            store.readFailure = "database unreachable";
            write("queueBound=12\n");
            int readsAfterTheFailure = store.reads.get();

            tileRequests(1000);
            assertEquals(readsAfterTheFailure, store.reads.get(), "no read before the retry interval");
            assertEquals(0, retries.size());

            nanos.addAndGet(GeoServerSettings.RETRY_INTERVAL.toNanos());
            tileRequests(1000);
            assertEquals(readsAfterTheFailure, store.reads.get(), "no read on a tile request");
            assertEquals(1, retries.size(), "one read handed off");

            runRetries(); // fails again
            assertEquals(readsAfterTheFailure + 1, store.reads.get());
            tileRequests(1000);
            assertEquals(0, retries.size(), "the next one a retry interval later");

            assertEquals(List.of(), applied);
            assertEquals(1, warnings.lines().size(), warnings.lines().toString());
            assertTrue(
                    warnings.lines().get(0).endsWith(GeoServerSettings.READ_AGAIN),
                    warnings.lines().toString());
        }

        store.readFailure = null;
        nanos.addAndGet(GeoServerSettings.RETRY_INTERVAL.toNanos());
        tileRequests(1000);
        runRetries();
        tileRequests(1000);

        assertEquals(List.of(), retries.stream().toList());
        assertEquals(List.of(new FanoutSettings(POOL, 12, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false)), applied);
    }

    @Test
    void aFailedReadAtStartIsTriedAgainOnceTheRetryIntervalHasPassed() throws IOException {
        write("queueBound=12\n");
        store.readFailure = "database unreachable";
        List<FanoutSettings> appliedByIt = new CopyOnWriteArrayList<>();
        GeoServerSettings starting = settings(() -> POOL, appliedByIt::add);
        assertEquals(FanoutSettings.withPoolSize(POOL), starting.initial());

        store.readFailure = null;
        starting.followPoolSize();
        runRetries();
        assertEquals(List.of(), appliedByIt, "not before the retry interval");

        nanos.addAndGet(GeoServerSettings.RETRY_INTERVAL.toNanos());
        starting.followPoolSize();
        runRetries();

        assertEquals(
                List.of(new FanoutSettings(POOL, 12, 16, FanoutSettings.DEFAULT_LOCK_TIMEOUT, false)), appliedByIt);
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
        GeoServerSettings refusing = settings(() -> POOL, changed -> {
            throw refusal;
        });
        refusing.initial();

        assertEquals(refusal, assertThrows(IllegalStateException.class, () -> refusing.save(values(null, 7, 45))));
        assertEquals(values(POOL, 7, 45), refusing.stored());
    }

    private GeoServerSettings settings(Supplier<Integer> poolSetting, Consumer<FanoutSettings> engine) {
        return new GeoServerSettings(store, poolSetting, SettingsOverrides.NONE, engine, nanos::get, retries::add);
    }

    private void tileRequests(int count) {
        for (int i = 0; i < count; i++) {
            settings.followPoolSize();
        }
    }

    private void runRetries() {
        for (Runnable retry; (retry = retries.poll()) != null; ) {
            retry.run();
        }
    }

    private void write(String text) throws IOException {
        store.get(SettingsFormat.FILE_NAME).setContents(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private String content() throws IOException {
        return new String(store.get(SettingsFormat.FILE_NAME).getContents(), StandardCharsets.ISO_8859_1);
    }
}
