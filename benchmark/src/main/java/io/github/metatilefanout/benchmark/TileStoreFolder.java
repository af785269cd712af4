package io.github.metatilefanout.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the benchmark's file tile stores go: the folder named by the system property {@value #PROPERTY},
 * else {@code /dev/shm} where the machine has that RAM file system, else the JVM's temporary folder.
 *
 * <p>A RAM file system by default because a disk's own timing (journal commits, discards after the
 * deletes between iterations) varies from one second to the next by more than the differences being
 * measured; every file system call GeoWebCache's blob store makes is still made.
 */
final class TileStoreFolder {

    /** The system property naming the folder. */
    static final String PROPERTY = "benchmark.store";

    private static final Path RAM_FILE_SYSTEM = Path.of("/dev/shm");

    private TileStoreFolder() {}

    /** A new, empty folder for one trial's tile store. */
    static Path create() throws IOException {
        return Files.createTempDirectory(parent(), "metatile-fanout-bench-");
    }

    /** The folder new stores are made in. */
    static Path parent() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        if (Files.isDirectory(RAM_FILE_SYSTEM) && Files.isWritable(RAM_FILE_SYSTEM)) {
            return RAM_FILE_SYSTEM;
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }
}
