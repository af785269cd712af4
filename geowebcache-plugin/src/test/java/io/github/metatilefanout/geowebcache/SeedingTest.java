package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.PNG;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.FanoutMetrics;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.seed.GWCTask;
import org.geowebcache.seed.TileBreeder;
import org.geowebcache.storage.TileRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seeding through GeoWebCache's seeder, with the plugin. */
class SeedingTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    /** With either PNG encoder ({@code METATILE_FANOUT_PNG_ENCODER}). */
    @ParameterizedTest
    @ValueSource(strings = {"geowebcache", "fanout"})
    void everyTileIsStoredWhenTheSeedTaskEnds(String pngEncoder) throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of(PngEncoderSetting.NAME, pngEncoder));
        int getMapsBefore = fixture.wms().getMaps();
        GWCTask[] tasks = seed(gwc, GWCTask.TYPE.SEED, 2, 3);
        for (int z = 2; z <= 3; z++) {
            for (long x = 0; x < 2L << z; x++) {
                for (long y = 0; y < 1L << z; y++) {
                    assertTrue(gwc.stored(WORLD, PNG, x, y, z), z + "/" + x + "/" + y + " stored");
                }
            }
        }
        assertEquals(10, fixture.wms().getMaps() - getMapsBefore, "one GetMap per metatile");
        FanoutMetrics metrics = gwc.metrics();
        assertEquals(10, metrics.getRenders());
        assertEquals(0, metrics.getJobsHandedOff(), "seeding runs on the seeding threads");
        assertEquals(160, metrics.getTilesStored());
        assertEquals(List.of(), gwc.locks().held());
        assertEquals(GWCTask.STATE.DONE, tasks[0].getState());
    }

    /** Reseeding renders what is cached, as GeoWebCache's own path does. */
    @Test
    void reseedingKeepsGeoWebCachesOwnPath() throws Exception {
        StandaloneGeoWebCache gwc = fixture.withPlugin(Map.of());
        seed(gwc, GWCTask.TYPE.SEED, 2, 2);
        int getMapsBefore = fixture.wms().getMaps();
        seed(gwc, GWCTask.TYPE.RESEED, 2, 2);
        assertEquals(2, fixture.wms().getMaps() - getMapsBefore);
        assertEquals(2, gwc.metrics().getRenders(), "the seed's only");
    }

    /** Runs a task over zoom levels {@code zoomStart} to {@code zoomStop} of the world layer, in PNG, on 2 threads. */
    static GWCTask[] seed(StandaloneGeoWebCache gwc, GWCTask.TYPE type, int zoomStart, int zoomStop) throws Exception {
        return seed(gwc, type, zoomStart, zoomStop, Duration.ofMillis(100));
    }

    /** {@link #seed(StandaloneGeoWebCache, GWCTask.TYPE, int, int)}, the tasks' states looked at every {@code poll}. */
    static GWCTask[] seed(StandaloneGeoWebCache gwc, GWCTask.TYPE type, int zoomStart, int zoomStop, Duration poll)
            throws Exception {
        GridSubset gridSubset =
                gwc.bean(TileLayerDispatcher.class).getTileLayer(WORLD).getGridSubset("EPSG:4326");
        TileRange range = new TileRange(
                WORLD, "EPSG:4326", zoomStart, zoomStop, gridSubset.getCoverages(), ImageMime.png, Map.of());
        TileBreeder breeder = gwc.bean(TileBreeder.class);
        GWCTask[] tasks = breeder.createTasks(range, type, 2, false);
        breeder.dispatchTasks(tasks);
        await().atMost(60, TimeUnit.SECONDS).pollInterval(poll).until(() -> Arrays.stream(tasks)
                .allMatch(task -> task.getState() == GWCTask.STATE.DONE));
        return tasks;
    }
}
