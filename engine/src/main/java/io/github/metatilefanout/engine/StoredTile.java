package io.github.metatilefanout.engine;

import java.util.Objects;

/**
 * A tile as a {@link TileStore} keeps it.
 *
 * @param data the encoded tile
 * @param createdMillis when it was stored, in milliseconds since the epoch, or {@link #TIME_NOT_KNOWN}
 */
public record StoredTile(byte[] data, long createdMillis) {

    /** The time of a tile whose store does not say when it was stored. */
    public static final long TIME_NOT_KNOWN = -1;

    public StoredTile {
        Objects.requireNonNull(data, "data");
    }

    /** A tile whose store does not say when it was stored. */
    public static StoredTile of(byte[] data) {
        return new StoredTile(data, TIME_NOT_KNOWN);
    }
}
