package io.github.metatilefanout.engine;

import java.io.IOException;

/**
 * Where encoded tiles are kept, in GeoWebCache's terms a storage broker over a blob store: a persistent
 * store, plus a short-lived transient one for tiles that must not be persisted but are worth handing to a
 * sibling request that comes shortly after.
 *
 * <p>Implementations must be safe for use by many threads at once.
 */
public interface TileStore {

    /** The stored tile, or {@code null} if it is not stored. */
    StoredTile get(TileKey tile) throws IOException;

    /** Stores a tile, replacing any stored one. Readers see either the old or the new tile, never a part. */
    void put(TileKey tile, byte[] data) throws IOException;

    /** The tile from the transient store, or {@code null}. Never blocks on I/O. */
    StoredTile getTransient(TileKey tile);

    /** Keeps a tile in the transient store for a short while; nothing is persisted. */
    void putTransient(TileKey tile, byte[] data);
}
