package io.github.metatilefanout.benchmark.http;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/** Where a tile server answers for each tile. */
final class TileUris {

    enum Service {
        WMTS,
        WMS
    }

    private TileUris() {}

    /**
     * A tile on a GeoServer: a WMTS KVP GetTile at {@code <base>/gwc/service/wmts}, or a WMS GetMap with
     * {@code TILED=true} for one tile of the grid at {@code <base>/gwc/service/wms}.
     */
    static Function<Tile, URI> geoServer(String base, Service service, String layer, TileGrid grid, String format) {
        return tile -> {
            String query;
            if (service == Service.WMTS) {
                query = "/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile&LAYER=" + encode(layer)
                        + "&STYLE=&TILEMATRIXSET=" + encode(grid.name()) + "&TILEMATRIX="
                        + encode(grid.name() + ":" + tile.z()) + "&TILEROW=" + grid.wmtsRow(tile) + "&TILECOL="
                        + tile.x();
            } else {
                double[] b = grid.bounds(tile);
                query = "/gwc/service/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&TILED=true&LAYERS=" + encode(layer)
                        + "&STYLES=&SRS=" + encode(grid.srs())
                        + String.format(Locale.ROOT, "&BBOX=%.10f,%.10f,%.10f,%.10f", b[0], b[1], b[2], b[3])
                        + "&WIDTH=256&HEIGHT=256";
            }
            return URI.create(base + query + "&FORMAT=" + encode(format));
        };
    }

    /**
     * Tiles from a URL template, as {@code benchmark/peers/peers.sh urls} prints them: {@code {layer}},
     * {@code {z}}, {@code {x}} and {@code {y}}, the row counted from the top (as WMTS and XYZ count it).
     */
    static Function<Tile, URI> template(String template, String layer, TileGrid grid) {
        for (String part : new String[] {"{layer}", "{z}", "{x}", "{y}"}) {
            if (!template.contains(part)) {
                throw new IllegalArgumentException("tile URL template " + template + " has no " + part);
            }
        }
        return tile -> URI.create(template.replace("{layer}", layer)
                .replace("{z}", Integer.toString(tile.z()))
                .replace("{x}", Long.toString(tile.x()))
                .replace("{y}", Long.toString(grid.wmtsRow(tile))));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
