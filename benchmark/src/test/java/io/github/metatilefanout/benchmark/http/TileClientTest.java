package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class TileClientTest {

    private static final TileGrid MERCATOR = TileGrid.of("EPSG:900913");

    @Test
    void wmtsCountsRowsFromTheTopAndNamesTheMatrixAfterTheGridSet() {
        assertGeoServerUri(
                TileClient.Service.WMTS,
                "EPSG:900913",
                new Tile(2, 1, 3),
                "/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile&LAYER=ne%3Aland&STYLE="
                        + "&TILEMATRIXSET=EPSG%3A900913&TILEMATRIX=EPSG%3A900913%3A3&TILEROW=6&TILECOL=2");
    }

    @Test
    void wmsAsksForTheTilesBoundsInTheGridSetsCoordinates() {
        assertGeoServerUri(
                TileClient.Service.WMS,
                "EPSG:4326",
                new Tile(1, 1, 1),
                "/gwc/service/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&TILED=true&LAYERS=ne%3Aland&STYLES="
                        + "&SRS=EPSG%3A4326&BBOX=-90.0000000000,0.0000000000,0.0000000000,90.0000000000"
                        + "&WIDTH=256&HEIGHT=256");
    }

    private static void assertGeoServerUri(TileClient.Service service, String gridSet, Tile tile, String expected) {
        String base = "http://127.0.0.1:8080/geoserver";
        Function<Tile, URI> uris = TileClient.geoServer(base, service, "ne:land", TileGrid.of(gridSet), "image/png");
        assertEquals(base + expected + "&FORMAT=image%2Fpng", uris.apply(tile).toString());
    }

    @Test
    void mercatorTileBoundsSpanTheGridsWidthOverTwoToTheZoom() {
        TileGrid grid = TileGrid.of("EPSG:900913");
        double[] b = grid.bounds(new Tile(1, 0, 1));
        assertEquals(0, b[0], 1e-6);
        assertEquals(-TileGrid.MERCATOR_HALF_WIDTH, b[1], 1e-6);
        assertEquals(TileGrid.MERCATOR_HALF_WIDTH, b[2], 1e-6);
        assertEquals(0, b[3], 1e-6);
    }

    @Test
    void theRowIsCountedFromTheTopInEveryTemplateOfPeersSh() {
        Tile tile = new Tile(5, 1, 3); // row 6 from the top
        assertEquals(
                "http://127.0.0.1:18610/wmts/light/webmercator/3/5/6.png",
                TileClient.template(
                                "http://127.0.0.1:18610/wmts/{layer}/webmercator/{z}/{x}/{y}.png", "light", MERCATOR)
                        .apply(tile)
                        .toString());
        assertEquals(
                "http://127.0.0.1:18620/mapcache/wmts/1.0.0/heavy/default/GoogleMapsCompatible/3/6/5.png",
                TileClient.template(
                                "http://127.0.0.1:18620/mapcache/wmts/1.0.0/{layer}/default/GoogleMapsCompatible/{z}/{y}/{x}.png",
                                "heavy",
                                MERCATOR)
                        .apply(tile)
                        .toString());
        assertEquals(
                "http://127.0.0.1:18630/geowebcache/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=light"
                        + "&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:3&TILEROW=6&TILECOL=5&FORMAT=image/png",
                TileClient.template(
                                "http://127.0.0.1:18630/geowebcache/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0"
                                        + "&LAYER={layer}&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:{z}"
                                        + "&TILEROW={y}&TILECOL={x}&FORMAT=image/png",
                                "light",
                                MERCATOR)
                        .apply(tile)
                        .toString());
    }

    @Test
    void aTemplateWithoutTheRowIsRefused() {
        assertEquals(
                "tile URL template http://h/{layer}/{z}/{x}.png has no {y}",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> TileClient.template("http://h/{layer}/{z}/{x}.png", "l", MERCATOR))
                        .getMessage());
    }
}
