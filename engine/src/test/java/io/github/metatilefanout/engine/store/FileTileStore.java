package io.github.metatilefanout.engine.store;

import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * A tile store on disk with GeoWebCache's FileBlobStore directory layout:
 * {@code <root>/<layer>/<gridSet>_<zz>[_<parametersId>]/<x/half>_<y/half>/<x>_<y>.<format>}, where
 * {@code half = 2^(z/2 + 1)} and numbers are zero-padded to a width that grows with the zoom level.
 *
 * <p>Writes are atomic: a tile is written to a temporary file in its directory and then renamed, so a
 * reader sees the whole old tile or the whole new one. Characters other than letters, digits, {@code .},
 * {@code -} and {@code _} in layer and grid set names are written as {@code _}.
 */
public final class FileTileStore implements TileStore {

    private final Path root;
    private final TransientTileCache transientTiles = new TransientTileCache(1024, Duration.ofSeconds(2));

    public FileTileStore(Path root) {
        this.root = root;
    }

    @Override
    public StoredTile get(TileKey tile) throws IOException {
        try {
            Path path = pathOf(tile);
            return new StoredTile(
                    Files.readAllBytes(path), Files.getLastModifiedTime(path).toMillis());
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
        return transientTiles.get(tile);
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        transientTiles.put(tile, data);
    }

    /** Where {@code tile} is stored. */
    public Path pathOf(TileKey tile) {
        long half = 2L << (tile.z() / 2);
        int digits = half > 10 ? (int) Math.log10(half) + 1 : 1;
        String zoomDirectory = filtered(tile.gridSet()) + "_" + padded(tile.z(), 2)
                + (tile.parametersId() == null ? "" : "_" + tile.parametersId());
        String halfDirectory = padded(tile.x() / half, digits) + "_" + padded(tile.y() / half, digits);
        String file = padded(tile.x(), 2 * digits) + "_" + padded(tile.y(), 2 * digits) + "." + tile.format();
        return root.resolve(filtered(tile.layer()))
                .resolve(zoomDirectory)
                .resolve(halfDirectory)
                .resolve(file);
    }

    private static String padded(long value, int width) {
        String digits = Long.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    private static String filtered(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
