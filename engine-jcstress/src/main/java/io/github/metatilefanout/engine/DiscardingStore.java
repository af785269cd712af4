package io.github.metatilefanout.engine;

/** A tile store that keeps nothing. */
final class DiscardingStore implements TileStore {

    @Override
    public StoredTile get(TileKey tile) {
        return null;
    }

    @Override
    public void put(TileKey tile, byte[] data) {}

    @Override
    public StoredTile getTransient(TileKey tile) {
        return null;
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {}
}
