package io.github.metatilefanout.geowebcache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class ({@code @RegisterExtension static}): the tests' WMS, started once, and GeoWebCaches started by
 * the tests on it, each in a fresh cache directory, all stopped and deleted after each test.
 */
final class GeoWebCacheFixture implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private TestWms wms;
    private StandaloneGeoWebCache running;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        wms = TestWms.start();
    }

    TestWms wms() {
        return wms;
    }

    /** GeoWebCache with the plugin, its locks from {@link RecordingLockProvider}; {@code settings} are servlet context parameters. */
    StandaloneGeoWebCache withPlugin(Map<String, String> settings) throws IOException {
        return withPlugin(settings, "recordingLock");
    }

    /** GeoWebCache with the plugin, its locks from the lock provider bean named {@code lockProvider}. */
    StandaloneGeoWebCache withPlugin(Map<String, String> settings, String lockProvider) throws IOException {
        return withPlugin(settings, lockProvider, "");
    }

    /**
     * GeoWebCache with the plugin, its locks from the lock provider bean named {@code lockProvider}, its tiles in
     * {@code blobStores} ({@link WmtsTiles#configuration(String, String, String)}).
     */
    StandaloneGeoWebCache withPlugin(Map<String, String> settings, String lockProvider, String blobStores)
            throws IOException {
        return started(StandaloneGeoWebCache.withPlugin(
                freshDirectory(), WmtsTiles.configuration(wms.url(), lockProvider, blobStores), settings));
    }

    /** GeoWebCache without the plugin. */
    StandaloneGeoWebCache stock() throws IOException {
        return stock("");
    }

    /** GeoWebCache without the plugin, its tiles in {@code blobStores}. */
    StandaloneGeoWebCache stock(String blobStores) throws IOException {
        return started(StandaloneGeoWebCache.stock(
                freshDirectory(), WmtsTiles.configuration(wms.url(), "recordingLock", blobStores)));
    }

    /** Stock GeoWebCache on the cache directory of the one running now, which is stopped. */
    StandaloneGeoWebCache stockOnSameDirectory() throws IOException {
        Path directory = running.cacheDirectory();
        running.close();
        running = StandaloneGeoWebCache.stock(directory, null);
        return running;
    }

    private StandaloneGeoWebCache started(StandaloneGeoWebCache gwc) {
        stopRunning();
        running = gwc;
        return gwc;
    }

    private static Path freshDirectory() throws IOException {
        return Files.createTempDirectory("gwc-cache-");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        wms.reset();
        stopRunning();
    }

    private void stopRunning() {
        if (running != null) {
            running.close();
            delete(running.cacheDirectory());
            running = null;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        wms.close();
    }

    private static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot delete " + directory, e);
        }
    }
}
