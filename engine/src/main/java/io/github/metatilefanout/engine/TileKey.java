package io.github.metatilefanout.engine;

import java.util.Objects;

/**
 * Identifies one tile of a tile cache, in GeoWebCache's terms: the layer, the grid set, the format (its
 * file extension, such as {@code png}), the optional parameters id, and the grid position {@code x, y, z}
 * with {@code y} counted upwards from the grid set's origin.
 */
public record TileKey(String layer, String gridSet, String format, String parametersId, long x, long y, int z) {

    public TileKey {
        Objects.requireNonNull(layer, "layer");
        Objects.requireNonNull(gridSet, "gridSet");
        Objects.requireNonNull(format, "format");
        if (x < 0 || y < 0 || z < 0) {
            throw new IllegalArgumentException(
                    "Tile position must not be negative, got x=" + x + ", y=" + y + ", z=" + z);
        }
    }

    /** A tile of the same layer, grid set, format and parameters at another position. */
    public TileKey at(long otherX, long otherY, int otherZ) {
        return new TileKey(layer, gridSet, format, parametersId, otherX, otherY, otherZ);
    }

    /**
     * The key of this tile's lock, laid out as GeoServer's integrated GeoWebCache does, so that processes
     * running this engine and processes running GeoServer's own code exclude each other.
     */
    public String lockKey() {
        return lockKey("gwc_tile_");
    }

    String lockKey(String prefix) {
        StringBuilder key = new StringBuilder(64)
                .append(prefix)
                .append(layer)
                .append('_')
                .append(gridSet)
                .append('_')
                .append(x)
                .append('_')
                .append(y)
                .append('_')
                .append(z);
        if (parametersId != null) {
            key.append('_').append(parametersId);
        }
        return key.append('.').append(format).toString();
    }

    /** {@code layer/gridSet/z/x/y}, followed by the parameters id when there is one. */
    @Override
    public String toString() {
        String position = layer + "/" + gridSet + "/" + z + "/" + x + "/" + y;
        return parametersId == null ? position : position + "?" + parametersId;
    }
}
