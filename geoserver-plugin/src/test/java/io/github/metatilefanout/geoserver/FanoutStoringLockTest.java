package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * GeoServer started with {@code METATILE_FANOUT_LOCK_PROTOCOL=storing-lock}: one storing lock per metatile
 * instead of a lock per tile, through GeoWebCache's lock provider.
 */
public class FanoutStoringLockTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String GRID = "EPSG:4326";
    private static final int ZOOM = 2;

    private GeoServerFanout fanout;

    @BeforeClass
    public static void chooseTheStoringLock() {
        System.setProperty(GeoServerFanout.LOCK_PROTOCOL_PROPERTY, "storing-lock");
    }

    @AfterClass
    public static void forgetTheStoringLock() {
        System.clearProperty(GeoServerFanout.LOCK_PROTOCOL_PROPERTY);
    }

    @Before
    public void truncate() throws Exception {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC.get().truncate(LAYER);
    }

    @Test
    public void aMetatileCostsSixLockOperationsAndSiblingsCauseOneGetMap() throws Exception {
        long renders = metrics().getRenders();
        long lockOperations = metrics().getLockOperations();
        assertEquals(200, wmtsResponse(0, 0).getStatus());
        awaitIdle();
        assertEquals(1, metrics().getRenders() - renders);
        // the metatile lock, the storing lock to look again, the storing lock held until stored
        assertEquals(6, metrics().getLockOperations() - lockOperations);

        renders = metrics().getRenders();
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
        awaitIdle();
        assertEquals(1, metrics().getRenders() - renders);
        StorageBroker broker = GeoServerExtensions.bean(StorageBroker.class);
        for (int x = 4; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                TileObject tile =
                        TileObject.createQueryTileObject(LAYER, new long[] {x, y, ZOOM}, GRID, "image/png", null);
                assertTrue("tile " + x + "," + y + " stored", broker.get(tile));
            }
        }
        assertEquals(0, fanout.activeLockKeys());
    }

    private void awaitIdle() {
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0 && fanout.activeLockKeys() == 0);
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
