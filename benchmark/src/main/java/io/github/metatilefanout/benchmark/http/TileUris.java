package io.github.metatilefanout.benchmark.http;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The address of a tile on a GeoServer: a WMTS KVP GetTile at {@code <base>/gwc/service/wmts}, or a WMS
 * GetMap with {@code TILED=true} for one tile of the grid at {@code <base><wmsPath>} ({@code
 * /gwc/service/wms} by default; {@code /wms} when GeoWebCache's direct WMS integration is on).
 */
public record TileUris(String base, Service service, String wmsPath, String layer, TileGrid grid, String format)
        implements TileAddresses {

    /** How tiles are asked for. */
    public enum Service {
        WMTS,
        WMS
    }

    @Override
    public URI of(Tile tile) {
        StringBuilder uri = new StringBuilder(base);
        if (service == Service.WMTS) {
            uri.append("/gwc/service/wmts?SERVICE=WMTS&VERSION=1.0.0&REQUEST=GetTile&LAYER=")
                    .append(encode(layer))
                    .append("&STYLE=&TILEMATRIXSET=")
                    .append(encode(grid.name()))
                    .append("&TILEMATRIX=")
                    .append(encode(grid.name() + ":" + tile.z()))
                    .append("&TILEROW=")
                    .append(grid.wmtsRow(tile))
                    .append("&TILECOL=")
                    .append(tile.x());
        } else {
            double[] b = grid.bounds(tile);
            uri.append(wmsPath)
                    .append("?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&TILED=true&LAYERS=")
                    .append(encode(layer))
                    .append("&STYLES=&SRS=")
                    .append(encode(grid.srs()))
                    .append("&BBOX=")
                    .append(String.format(Locale.ROOT, "%.10f,%.10f,%.10f,%.10f", b[0], b[1], b[2], b[3]))
                    .append("&WIDTH=256&HEIGHT=256");
        }
        uri.append("&FORMAT=").append(encode(format));
        return URI.create(uri.toString());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
