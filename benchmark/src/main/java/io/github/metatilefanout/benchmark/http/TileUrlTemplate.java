package io.github.metatilefanout.benchmark.http;

import java.net.URI;

/**
 * Tile addresses from a URL template, as {@code benchmark/peers/peers.sh urls} prints them: {@code {layer}},
 * {@code {z}}, {@code {x}} and {@code {y}}, the row counted from the top (as WMTS and XYZ count it).
 */
public record TileUrlTemplate(String template, String layer, TileGrid grid) implements TileAddresses {

    public TileUrlTemplate {
        for (String part : new String[] {"{layer}", "{z}", "{x}", "{y}"}) {
            if (!template.contains(part)) {
                throw new IllegalArgumentException("tile URL template " + template + " has no " + part);
            }
        }
    }

    @Override
    public URI of(Tile tile) {
        return URI.create(template.replace("{layer}", layer)
                .replace("{z}", Integer.toString(tile.z()))
                .replace("{x}", Long.toString(tile.x()))
                .replace("{y}", Long.toString(grid.wmtsRow(tile))));
    }
}
