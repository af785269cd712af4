package io.github.metatilefanout.geoserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.locks.LockProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FanoutFileLockProviderTest {

    @TempDir
    Path directory;

    @Test
    void aWaitLongerThanTheTimeoutIsAGeoWebCacheExceptionNamingTheKey() throws Exception {
        FanoutFileLockProvider provider = new FanoutFileLockProvider(directory, Duration.ofMillis(100));
        LockProvider.Lock held = provider.getLock("gwc_metatile_x");
        try {
            Exception failure = CompletableFuture.supplyAsync(() -> failureOf(provider, "gwc_metatile_x"))
                    .get(10, TimeUnit.SECONDS);
            assertThat(failure)
                    .isInstanceOf(GeoWebCacheException.class)
                    .hasMessage("Could not acquire lock 'gwc_metatile_x' within 100 ms");
        } finally {
            held.release();
        }
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files).isEmpty();
        }
    }

    private static Exception failureOf(LockProvider provider, String key) {
        try {
            provider.getLock(key).release();
            return null;
        } catch (GeoWebCacheException e) {
            return e;
        }
    }
}
