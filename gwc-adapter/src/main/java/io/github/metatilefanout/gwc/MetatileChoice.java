package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import java.util.function.Function;

/**
 * What one tile request may render, as GeoWebCache metatiles of type {@code M} and as the engine's {@link Metatile}s:
 * the tile's metatile, and, where its tiles are not kept, possibly the tile alone (a metatile of one tile, with the
 * layer's gutter). The engine asks for one of the two ({@link #target}); the request offers both ({@link
 * #request}).
 *
 * @param <M> the plugin's metatile class: GeoWebCache's WMS metatile, or GeoServer's
 */
public final class MetatileChoice<M> {

    private final M metaTile;
    private final Metatile metatile;
    private final M tileAlone;
    private final Metatile tileAloneMetatile;

    private MetatileChoice(M metaTile, Metatile metatile, M tileAlone, Metatile tileAloneMetatile) {
        this.metaTile = metaTile;
        this.metatile = metatile;
        this.tileAlone = tileAlone;
        this.tileAloneMetatile = tileAloneMetatile;
    }

    /**
     * @param metaTile the tile's metatile
     * @param tileAlone the tile alone, a metatile of one tile with the layer's gutter; {@code null} if not offered
     * @param forEngine each of them as the engine's metatile
     */
    public static <M> MetatileChoice<M> of(M metaTile, M tileAlone, Function<M, Metatile> forEngine) {
        return new MetatileChoice<>(
                metaTile, forEngine.apply(metaTile), tileAlone, tileAlone == null ? null : forEngine.apply(tileAlone));
    }

    /** The tile's metatile, the plugin's. */
    public M metaTile() {
        return metaTile;
    }

    /**
     * Which of the two the engine asks to render.
     *
     * @throws IllegalArgumentException if {@code asked} is neither
     */
    public M target(Metatile asked) {
        if (tileAloneMetatile != null && tileAloneMetatile.equals(asked)) {
            return tileAlone;
        }
        if (metatile.equals(asked)) {
            return metaTile;
        }
        throw new IllegalArgumentException(asked + " is neither metatile " + metatile + " nor the tile alone "
                + tileAloneMetatile + " of this request");
    }

    /** The engine's request for {@code tile}, offering the metatile and, if this choice has it, the tile alone. */
    public TileRequest request(
            TileKey tile, MetatileRenderer renderer, TileEncoder encoder, CachePolicy policy, Mode mode) {
        return new TileRequest(tile, metatile, renderer, encoder, policy, mode, tileAloneMetatile);
    }
}
