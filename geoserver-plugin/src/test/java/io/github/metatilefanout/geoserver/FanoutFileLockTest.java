package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.geoserver.gwc.ConfigurableLockProvider;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.locks.LockProvider;
import org.geowebcache.storage.DefaultStorageFinder;
import org.geowebcache.storage.StorageBroker;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/** GeoWebCache set to the plugin's file lock provider, {@code metatileFanoutFileLock}. */
public class FanoutFileLockTest extends GeoServerSystemTestSupport {

    private GeoServerFanout fanout;

    @Before
    public void useTheFanoutFileLock() throws Exception {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig().clone();
        config.setLockProviderName("metatileFanoutFileLock");
        gwc.saveConfig(config);
        gwc.truncate(SiblingTiles.LAYER);
    }

    @After
    public void backToTheDefault() throws Exception {
        GWCConfig config = GWC.get().getConfig().clone();
        config.setLockProviderName(null);
        GWC.get().saveConfig(config);
    }

    @Test
    public void isOneOfTheLockProvidersCachingDefaultsLists() {
        String[] names = applicationContext.getBeanNamesForType(LockProvider.class);
        assertTrue(Arrays.toString(names), Arrays.asList(names).contains("metatileFanoutFileLock"));
    }

    @Test
    public void siblingsCauseOneGetMapAndNoLockFileIsLeft() throws Exception {
        ConfigurableLockProvider configured =
                (ConfigurableLockProvider) GWC.get().getLockProvider();
        assertTrue(configured.getDelegate() instanceof FanoutFileLockProvider);
        long renders = metrics().getRenders();
        SiblingTiles.requestTogether(this::getAsServletResponse);
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0 && metrics().getLocksHeld() == 0);

        assertEquals(1, metrics().getRenders() - renders);
        SiblingTiles.assertStored(GeoServerExtensions.bean(StorageBroker.class));
        assertEquals(List.of(), lockFiles());
    }

    private List<Path> lockFiles() throws Exception {
        String cache = GeoServerExtensions.bean(DefaultStorageFinder.class).getDefaultPath();
        Path directory = new File(cache, FanoutFileLockProvider.DIRECTORY).toPath();
        assertTrue(directory + " exists", Files.isDirectory(directory));
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private FanoutMetrics metrics() {
        return fanout.metrics();
    }
}
