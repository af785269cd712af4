package io.github.metatilefanout.engine;

import java.util.Map;
import java.util.Objects;

/**
 * Identifies one tile of a tile cache, in GeoWebCache's terms: the layer, the grid set, the format (its
 * file extension, such as {@code png}), the optional parameters id with the parameters it stands for (a blob
 * store records them beside the tile), and the grid position {@code x, y, z} with {@code y} counted upwards from
 * the grid set's origin.
 */
public record TileKey(
        String layer,
        String gridSet,
        String format,
        String parametersId,
        Map<String, String> parameters,
        long x,
        long y,
        int z) {

    public TileKey {
        Objects.requireNonNull(layer, "layer");
        Objects.requireNonNull(gridSet, "gridSet");
        Objects.requireNonNull(format, "format");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        if (x < 0 || y < 0 || z < 0) {
            throw new IllegalArgumentException(
                    "Tile position must not be negative, got x=" + x + ", y=" + y + ", z=" + z);
        }
    }

    /** A tile whose parameters, if any, are known by their id only. */
    public TileKey(String layer, String gridSet, String format, String parametersId, long x, long y, int z) {
        this(layer, gridSet, format, parametersId, Map.of(), x, y, z);
    }

    /** A tile of the same layer, grid set, format and parameters at another position. */
    public TileKey at(long otherX, long otherY, int otherZ) {
        return new TileKey(layer, gridSet, format, parametersId, parameters, otherX, otherY, otherZ);
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

    /** Tiles are equal by their id: the parameters id stands for the parameters. */
    @Override
    public boolean equals(Object other) {
        return other instanceof TileKey tile
                && x == tile.x
                && y == tile.y
                && z == tile.z
                && layer.equals(tile.layer)
                && gridSet.equals(tile.gridSet)
                && format.equals(tile.format)
                && Objects.equals(parametersId, tile.parametersId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layer, gridSet, format, parametersId, x, y, z);
    }

    /** {@code layer/gridSet/z/x/y}, followed by the parameters id when there is one. */
    @Override
    public String toString() {
        String position = layer + "/" + gridSet + "/" + z + "/" + x + "/" + y;
        return parametersId == null ? position : position + "?" + parametersId;
    }
}
