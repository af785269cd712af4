package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.MetatileGeometry.Coverage;

/** Tiles and metatiles for tests: a 64 x 64 tile grid at zoom 6, 8 x 8 pixel tiles. */
final class Fixtures {

    static final int ZOOM = 6;
    static final Coverage COVERAGE = new Coverage(ZOOM, 0, 0, 63, 63);

    private Fixtures() {}

    static TileKey tile(String layer, long x, long y) {
        return new TileKey(layer, "EPSG:3857", "raw", null, x, y, ZOOM);
    }

    static Metatile metatile(int metaFactor, TileKey tile) {
        return new MetatileGeometry(metaFactor, metaFactor, 8, 8, 0).metatileOf(tile, COVERAGE);
    }

    static TileRequest request(TileKey tile, int metaFactor, MetatileRenderer renderer, TileEncoder encoder) {
        return TileRequest.interactive(tile, metatile(metaFactor, tile), renderer, encoder);
    }

    /** {@code request} made by a seeding caller. */
    static TileRequest seeding(TileRequest request) {
        return new TileRequest(
                request.tile(),
                request.metatile(),
                request.renderer(),
                request.encoder(),
                request.cachePolicy(),
                TileRequest.Mode.SEEDING,
                request.singleTile());
    }
}
