package io.github.metatilefanout.benchmark.http;

import java.awt.Rectangle;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The WMS GetMap a tile cache sends to render a metatile: its tiles plus {@code gutter} pixels on every side
 * (as the caches of {@code benchmark/peers} ask for metatiles inside the world), WMS 1.1.1, transparent.
 *
 * @param wms the WMS's address, e.g. {@code http://127.0.0.1:18600/wms}
 */
public record MetatileGetMap(String wms, String layer, TileGrid grid, String format, int gutter) {

    /** The GetMap of {@code metatile}. */
    public URI of(Metatile metatile) {
        double[] low = grid.bounds(metatile.tile(0));
        double[] high = grid.bounds(metatile.tile(metatile.size() - 1));
        double margin = gutter * (low[2] - low[0]) / Tile.SIZE;
        return URI.create(wms
                + "?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=" + encode(layer)
                + "&STYLES=&SRS=" + encode(grid.srs())
                + String.format(
                        Locale.ROOT,
                        "&BBOX=%.6f,%.6f,%.6f,%.6f",
                        low[0] - margin,
                        low[1] - margin,
                        high[2] + margin,
                        high[3] + margin)
                + "&WIDTH=" + (metatile.width() * Tile.SIZE + 2 * gutter)
                + "&HEIGHT=" + (metatile.height() * Tile.SIZE + 2 * gutter)
                + "&FORMAT=" + encode(format) + "&TRANSPARENT=TRUE");
    }

    /** Where tile {@code index} of {@code metatile} ({@link Metatile#tile(int)}) lies in the GetMap's image. */
    public Rectangle pixels(Metatile metatile, int index) {
        int column = index % metatile.width();
        int rowFromTop = metatile.height() - 1 - index / metatile.width();
        return new Rectangle(gutter + column * Tile.SIZE, gutter + rowFromTop * Tile.SIZE, Tile.SIZE, Tile.SIZE);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
