package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TileUrisTest {

    @Test
    void wmtsCountsRowsFromTheTopAndNamesTheMatrixAfterTheGridSet() {
        TileGrid grid = TileGrid.of("EPSG:900913", null, null);
        TileUris uris = new TileUris(
                "http://127.0.0.1:8080/geoserver", TileUris.Service.WMTS, "", "ne:land", grid, "image/png");
        assertEquals(
                "http://127.0.0.1:8080/geoserver/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile"
                        + "&LAYER=ne%3Aland&STYLE=&TILEMATRIXSET=EPSG%3A900913&TILEMATRIX=EPSG%3A900913%3A3"
                        + "&TILEROW=6&TILECOL=2&FORMAT=image%2Fpng",
                uris.of(new Tile(2, 1, 3)).toString());
    }

    @Test
    void wmsAsksForTheTilesBoundsInTheGridSetsCoordinates() {
        TileGrid grid = TileGrid.of("EPSG:4326", null, null);
        TileUris uris = new TileUris(
                "http://127.0.0.1:8080/geoserver", TileUris.Service.WMS, "/wms", "ne:land", grid, "image/png");
        assertEquals(
                "http://127.0.0.1:8080/geoserver/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&TILED=true"
                        + "&LAYERS=ne%3Aland&STYLES=&SRS=EPSG%3A4326"
                        + "&BBOX=-90.0000000000,0.0000000000,0.0000000000,90.0000000000&WIDTH=256&HEIGHT=256"
                        + "&FORMAT=image%2Fpng",
                uris.of(new Tile(1, 1, 1)).toString());
    }

    @Test
    void mercatorTileBoundsSpanTheGridsWidthOverTwoToTheZoom() {
        TileGrid grid = TileGrid.of("EPSG:900913", null, null);
        double[] b = grid.bounds(new Tile(1, 0, 1));
        assertEquals(0, b[0], 1e-6);
        assertEquals(-TileGrid.MERCATOR_HALF_WIDTH, b[1], 1e-6);
        assertEquals(TileGrid.MERCATOR_HALF_WIDTH, b[2], 1e-6);
        assertEquals(0, b[3], 1e-6);
    }
}
