package io.github.metatilefanout.engine;

import java.util.Objects;

/**
 * A request for one tile, with what the engine needs to produce it when it is not cached.
 *
 * @param tile the tile asked for
 * @param metatile the metatile that holds it
 * @param renderer renders the metatile on the calling thread
 * @param encoder encodes each tile of the rendered metatile
 * @param cachePolicy what to do with the tiles (a renderer may override it)
 * @param mode whether a client waits for this tile, or the call is part of seeding
 * @param singleTile the tile alone as a metatile of one tile, with its gutter, rendered instead of {@code
 *     metatile} where tiles are not cached when {@link FanoutSettings#singleTileWhenUncached()} is on; {@code
 *     null} if the caller offers none
 */
public record TileRequest(
        TileKey tile,
        Metatile metatile,
        MetatileRenderer renderer,
        TileEncoder encoder,
        CachePolicy cachePolicy,
        Mode mode,
        Metatile singleTile) {

    /** Who is asking. */
    public enum Mode {
        /** A client waits: answer with the requested tile as soon as it is encoded. */
        INTERACTIVE,
        /**
         * Seeding or another batch caller: fully synchronous, every tile of the metatile is stored when the
         * call returns, and no pool thread is used.
         */
        SEEDING
    }

    public TileRequest {
        Objects.requireNonNull(tile, "tile");
        Objects.requireNonNull(metatile, "metatile");
        Objects.requireNonNull(renderer, "renderer");
        Objects.requireNonNull(encoder, "encoder");
        Objects.requireNonNull(cachePolicy, "cachePolicy");
        Objects.requireNonNull(mode, "mode");
        if (!metatile.isCovered(metatile.indexOf(tile))) {
            throw new IllegalArgumentException("Tile " + tile + " is outside the coverage of metatile " + metatile);
        }
        if (singleTile != null
                && (singleTile.tileCount() != 1 || !singleTile.tile(0).equals(tile))) {
            throw new IllegalArgumentException(
                    "The single-tile metatile of tile " + tile + " must hold that tile only: " + singleTile);
        }
    }

    /** A request that offers no single-tile metatile. */
    public TileRequest(
            TileKey tile,
            Metatile metatile,
            MetatileRenderer renderer,
            TileEncoder encoder,
            CachePolicy cachePolicy,
            Mode mode) {
        this(tile, metatile, renderer, encoder, cachePolicy, mode, null);
    }

    /** An interactive request whose tiles are persisted. */
    public static TileRequest interactive(
            TileKey tile, Metatile metatile, MetatileRenderer renderer, TileEncoder encoder) {
        return new TileRequest(tile, metatile, renderer, encoder, CachePolicy.PERSIST, Mode.INTERACTIVE);
    }

    /** The same request with another cache policy. */
    public TileRequest withCachePolicy(CachePolicy policy) {
        return new TileRequest(tile, metatile, renderer, encoder, policy, mode, singleTile);
    }
}
