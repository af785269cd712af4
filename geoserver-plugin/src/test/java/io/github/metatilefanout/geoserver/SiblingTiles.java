package io.github.metatilefanout.geoserver;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.geoserver.data.test.MockData;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * The 16 tiles of one 4x4 metatile of {@code cite:BasicPolygons} (EPSG:4326, zoom 2, columns 4 to 7, rows 0
 * to 3), for tests of sibling requests over WMTS.
 */
final class SiblingTiles {

    static final String LAYER = MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String GRID = "EPSG:4326";
    private static final int ZOOM = 2;

    /** How a test asks GeoServer for a path, as {@code getAsServletResponse} does. */
    interface Client {
        MockHttpServletResponse get(String path) throws Exception;
    }

    private SiblingTiles() {}

    /** The WMTS GetTile path of a tile of the layer at zoom 2. */
    static String wmtsPath(long column, long row) {
        return "gwc/service/wmts?request=GetTile&layer=" + LAYER + "&format=image/png&tilematrixset=" + GRID
                + "&tilematrix=" + GRID + ":" + ZOOM + "&tilerow=" + row + "&tilecol=" + column;
    }

    /** Asks for the 16 tiles at once ({@link ConcurrentRequests}) and asserts each answer is HTTP 200. */
    static void requestTogether(Client client) throws Exception {
        List<Callable<MockHttpServletResponse>> requests = new ArrayList<>();
        for (int x = 4; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                String path = wmtsPath(x, y);
                requests.add(() -> client.get(path));
            }
        }
        for (MockHttpServletResponse response : ConcurrentRequests.sendTogether(requests)) {
            assertEquals(200, response.getStatus());
        }
    }

    /** Asserts that each of the 16 tiles is in the blob store. */
    static void assertStored(StorageBroker broker) throws Exception {
        for (int x = 4; x < 8; x++) {
            for (int y = 0; y < 4; y++) {
                TileObject tile =
                        TileObject.createQueryTileObject(LAYER, new long[] {x, y, ZOOM}, GRID, "image/png", null);
                assertTrue("tile " + x + "," + y + " stored", broker.get(tile));
            }
        }
    }
}
