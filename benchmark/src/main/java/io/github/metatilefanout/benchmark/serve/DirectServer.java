package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.benchmark.render.WebMercator;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.TileKey;

/**
 * No tile cache, the plain WMS baseline: every request renders just its own 256 x 256 tile (no gutter) and
 * encodes it.
 */
final class DirectServer implements TileServer {

    private static final MetatileGeometry SINGLE_TILE =
            new MetatileGeometry(1, 1, WebMercator.TILE_SIZE, WebMercator.TILE_SIZE, 0);

    private final ServingSetup setup;

    DirectServer(ServingSetup setup) {
        this.setup = setup;
    }

    @Override
    public byte[] getTile(TileKey tile) throws Exception {
        Metatile single = SINGLE_TILE.metatileOf(tile, WebMercator.coverage(tile.z()));
        CountedImage image = setup.draw(single);
        try {
            return setup.encode(image.image(), single.tileBounds(0));
        } finally {
            image.dispose();
        }
    }
}
