package io.github.metatilefanout.engine;

/** A tile store that keeps nothing. */
final class DiscardingStore implements TileStore {

    @Override
    public byte[] get(TileKey tile) {
        return null;
    }

    @Override
    public void put(TileKey tile, byte[] data) {}

    @Override
    public byte[] getTransient(TileKey tile) {
        return null;
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {}
}
