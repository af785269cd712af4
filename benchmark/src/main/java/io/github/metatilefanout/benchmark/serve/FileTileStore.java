package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The benchmark's tile store: files in GeoWebCache's file blob store layout,
 * {@code <root>/<layer>/<gridSet>_<zz>[_<parametersId>]/<x/half>_<y/half>/<x>_<y>.<format>} with {@code half = 2^(z/2 + 1)},
 * numbers zero-padded to a width growing with the zoom level. A tile is written to a temporary file beside
 * it, then renamed over it, as GeoWebCache does: readers see a whole tile or none.
 *
 * <p>Every request the benchmark makes persists its tiles ({@code TileRequest.interactive}), so nothing is
 * ever kept transient here.
 */
public final class FileTileStore implements TileStore {

    private final Path root;

    public FileTileStore(Path root) {
        this.root = root;
    }

    @Override
    public StoredTile get(TileKey tile) throws IOException {
        try {
            return StoredTile.of(Files.readAllBytes(pathOf(tile)));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    @Override
    public void put(TileKey tile, byte[] data) throws IOException {
        Path target = pathOf(tile);
        Path directory = Files.createDirectories(target.getParent());
        Path temporary = Files.createTempFile(directory, target.getFileName().toString(), ".tmp");
        try {
            Files.write(temporary, data);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    @Override
    public StoredTile getTransient(TileKey tile) {
        return null;
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        throw new UnsupportedOperationException(
                "The benchmark persists every tile; asked to keep " + tile + " transient");
    }

    private Path pathOf(TileKey tile) {
        long half = 2L << (tile.z() / 2);
        int digits = half > 10 ? (int) Math.log10(half) + 1 : 1;
        String zoom = tile.gridSet().replaceAll("[^A-Za-z0-9._-]", "_") + "_" + padded(tile.z(), 2)
                + (tile.parametersId() == null ? "" : "_" + tile.parametersId());
        String halves = padded(tile.x() / half, digits) + "_" + padded(tile.y() / half, digits);
        String file = padded(tile.x(), 2 * digits) + "_" + padded(tile.y(), 2 * digits) + "." + tile.format();
        return root.resolve(tile.layer()).resolve(zoom).resolve(halves).resolve(file);
    }

    private static String padded(long value, int width) {
        String digits = Long.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }
}
