package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;

import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.gwc.StartupProperties;
import java.util.concurrent.TimeUnit;
import org.geoserver.gwc.GWC;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.storage.StorageBroker;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * GeoServer started with {@code METATILE_FANOUT_LOCK_PROTOCOL=storing-lock}: one storing lock per metatile
 * instead of a lock per tile, through GeoWebCache's lock provider.
 */
public class FanoutStoringLockTest extends GeoServerSystemTestSupport {

    private GeoServerFanout fanout;

    @BeforeClass
    public static void chooseTheStoringLock() {
        System.setProperty(StartupProperties.LOCK_PROTOCOL, "storing-lock");
    }

    @AfterClass
    public static void forgetTheStoringLock() {
        System.clearProperty(StartupProperties.LOCK_PROTOCOL);
    }

    @Before
    public void truncate() throws Exception {
        fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        GWC.get().truncate(SiblingTiles.LAYER);
    }

    @Test
    public void aMetatileCostsSixLockOperationsAndSiblingsCauseOneGetMap() throws Exception {
        long renders = metrics().getRenders();
        long lockOperations = metrics().getLockOperations();
        assertEquals(200, getAsServletResponse(SiblingTiles.wmtsPath(0, 0)).getStatus());
        awaitIdle();
        assertEquals(1, metrics().getRenders() - renders);
        // the metatile lock, the storing lock to look again, the storing lock held until stored
        assertEquals(6, metrics().getLockOperations() - lockOperations);

        renders = metrics().getRenders();
        SiblingTiles.requestTogether(this::getAsServletResponse);
        awaitIdle();
        assertEquals(1, metrics().getRenders() - renders);
        SiblingTiles.assertStored(GeoServerExtensions.bean(StorageBroker.class));
        assertEquals(0, metrics().getLocksHeld());
    }

    private void awaitIdle() {
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0 && metrics().getLocksHeld() == 0);
    }

    private FanoutMetrics metrics() {
        return fanout.metrics();
    }
}
