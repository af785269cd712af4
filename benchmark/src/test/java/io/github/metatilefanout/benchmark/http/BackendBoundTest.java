package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Rectangle;
import org.junit.jupiter.api.Test;

class BackendBoundTest {

    private final BackendBound.GetMap getMap =
            new BackendBound.GetMap("http://127.0.0.1:18600/wms", "light", TileGrid.of("EPSG:900913"), "image/png", 32);

    @Test
    void theGetMapCoversTheMetatilePlusTheGutterAtTheTilesResolution() {
        // zoom 3: 8 x 8 tiles of 5009377.085 m; the metatile of columns 4-7, rows 0-3 from the bottom
        Metatile metatile = new Metatile(3, 4, 0, 4, 4);
        // gutter: 32 px of 19567.87924 m
        assertEquals(
                "http://127.0.0.1:18600/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=light&STYLES="
                        + "&SRS=EPSG%3A900913&BBOX=-626172.135625,-20663680.475625,20663680.475625,"
                        + "626172.135625&WIDTH=1088&HEIGHT=1088&FORMAT=image%2Fpng&TRANSPARENT=TRUE",
                getMap.of(metatile).toString());
    }

    @Test
    void tilesLieInsideTheGutterWithTheBottomRowLast() {
        Metatile metatile = new Metatile(3, 4, 0, 4, 4);
        assertEquals(new Rectangle(32, 800, 256, 256), getMap.pixels(metatile, 0));
        assertEquals(new Rectangle(800, 800, 256, 256), getMap.pixels(metatile, 3));
        assertEquals(new Rectangle(288, 544, 256, 256), getMap.pixels(metatile, 5));
        assertEquals(new Rectangle(800, 32, 256, 256), getMap.pixels(metatile, 15));
    }
}
