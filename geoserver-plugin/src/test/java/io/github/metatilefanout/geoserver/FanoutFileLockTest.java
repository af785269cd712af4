package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.ConfigurableLockProvider;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.locks.LockProvider;
import org.geowebcache.storage.DefaultStorageFinder;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/** GeoWebCache set to the plugin's file lock provider, {@code metatileFanoutFileLock}. */
public class FanoutFileLockTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String GRID = "EPSG:4326";
    private static final int ZOOM = 2;

    private GeoServerFanout fanout;

    @Before
    public void useTheFanoutFileLock() throws Exception {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC gwc = GWC.get();
        GWCConfig config = gwc.getConfig().clone();
        config.setLockProviderName("metatileFanoutFileLock");
        gwc.saveConfig(config);
        gwc.truncate(LAYER);
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
        List<Callable<MockHttpServletResponse>> requests = new ArrayList<>();
        for (int x = 4; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                long column = x;
                long row = y;
                requests.add(() -> wmtsResponse(column, row));
            }
        }
        for (MockHttpServletResponse response : ConcurrentRequests.sendTogether(requests)) {
            assertEquals(200, response.getStatus());
        }
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0 && fanout.activeLockKeys() == 0);

        assertEquals(1, metrics().getRenders() - renders);
        StorageBroker broker = GeoServerExtensions.bean(StorageBroker.class);
        for (int x = 4; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                TileObject tile =
                        TileObject.createQueryTileObject(LAYER, new long[] {x, y, ZOOM}, GRID, "image/png", null);
                assertTrue("tile " + x + "," + y + " stored", broker.get(tile));
            }
        }
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

    private MockHttpServletResponse wmtsResponse(long column, long row) throws Exception {
        return getAsServletResponse("gwc/service/wmts?request=GetTile&layer=" + LAYER + "&format=image/png"
                + "&tilematrixset=" + GRID + "&tilematrix=" + GRID + ":" + ZOOM + "&tilerow=" + row + "&tilecol="
                + column);
    }
}
