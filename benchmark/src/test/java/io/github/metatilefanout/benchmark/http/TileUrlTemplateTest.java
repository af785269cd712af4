package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TileUrlTemplateTest {

    private static final TileGrid MERCATOR = TileGrid.of("EPSG:900913", null, null);

    @Test
    void theRowIsCountedFromTheTopInEveryTemplateOfPeersSh() {
        Tile tile = new Tile(5, 1, 3); // row 6 from the top
        assertEquals(
                "http://127.0.0.1:18610/wmts/light/webmercator/3/5/6.png",
                new TileUrlTemplate(
                                "http://127.0.0.1:18610/wmts/{layer}/webmercator/{z}/{x}/{y}.png", "light", MERCATOR)
                        .of(tile)
                        .toString());
        assertEquals(
                "http://127.0.0.1:18620/mapcache/wmts/1.0.0/heavy/default/GoogleMapsCompatible/3/6/5.png",
                new TileUrlTemplate(
                                "http://127.0.0.1:18620/mapcache/wmts/1.0.0/{layer}/default/GoogleMapsCompatible/{z}/{y}/{x}.png",
                                "heavy",
                                MERCATOR)
                        .of(tile)
                        .toString());
        assertEquals(
                "http://127.0.0.1:18630/geowebcache/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=light"
                        + "&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:3&TILEROW=6&TILECOL=5&FORMAT=image/png",
                new TileUrlTemplate(
                                "http://127.0.0.1:18630/geowebcache/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0"
                                        + "&LAYER={layer}&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:{z}"
                                        + "&TILEROW={y}&TILECOL={x}&FORMAT=image/png",
                                "light",
                                MERCATOR)
                        .of(tile)
                        .toString());
    }

    @Test
    void aTemplateWithoutTheRowIsRefused() {
        assertEquals(
                "tile URL template http://h/{layer}/{z}/{x}.png has no {y}",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new TileUrlTemplate("http://h/{layer}/{z}/{x}.png", "l", MERCATOR))
                        .getMessage());
    }
}
