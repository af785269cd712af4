package io.github.metatilefanout.engine;

import java.util.Objects;

/**
 * An encoded tile and where it came from.
 *
 * @param data the encoded tile
 * @param source where the bytes came from
 * @param createdMillis for a tile from the store, when its store says it was stored (ms since the epoch);
 *     otherwise, or when the store does not say, {@link StoredTile#TIME_NOT_KNOWN}
 */
public record TileResponse(byte[] data, Source source, long createdMillis) {

    /** Where a tile's bytes came from. */
    public enum Source {
        /** The tile store (or its transient cache). */
        CACHE,
        /** A metatile being processed in this process, rendered for another request. */
        IN_FLIGHT,
        /** The metatile was rendered for this request. */
        RENDERED
    }

    public TileResponse {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(source, "source");
    }

    /** A tile rendered or taken from a metatile in flight: not stored yet. */
    TileResponse(byte[] data, Source source) {
        this(data, source, StoredTile.TIME_NOT_KNOWN);
    }

    /** Whether the bytes came from the cache, GeoWebCache's "cache hit". */
    public boolean isCacheHit() {
        return source != Source.RENDERED;
    }
}
