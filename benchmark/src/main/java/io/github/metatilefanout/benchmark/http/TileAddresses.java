package io.github.metatilefanout.benchmark.http;

import java.net.URI;

/** Where a tile server answers for each tile. */
public interface TileAddresses {

    /** The address of {@code tile}. */
    URI of(Tile tile);
}
