package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.store.FileTileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Three JVMs, each an engine with client threads, share a file tile store and file locks ({@link
 * FileLockProvider}), and ask at the same time for different tiles of the same metatiles ({@link
 * ClusterNode}): each metatile is rendered once in all, each tile stored once, and the lock operations
 * per metatile are those of the protocol. Every wait is bounded; the child processes are killed at the end
 * whatever happens.
 */
class SeveralProcessesTest {

    private static final int NODES = 3;
    private static final int THREADS = 6;
    private static final int METATILES = 24;
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path shared;

    @ParameterizedTest
    @EnumSource(LockProtocol.class)
    void oneRenderPerMetatileAndEachTileStoredOnceAcrossThreeProcesses(LockProtocol protocol) throws Exception {
        Files.createDirectories(shared.resolve("locks"));
        Map<String, Map<String, Long>> counted = runNodes(protocol);

        Map<String, Long> totals = counted.get("total");
        assertEquals(0, totals.get("wrong"), "responses with the wrong pixels");
        assertEquals(0, totals.get("failures"));
        assertEquals(totals.get("recordedLockOperations"), totals.get("lockOperations"), "the metric");
        assertEquals(
                (long) NODES * THREADS * METATILES,
                totals.get("RENDERED") + totals.get("IN_FLIGHT") + totals.get("CACHE"));

        FileTileStore store = new FileTileStore(shared.resolve("tiles"));
        Map<String, Long> renders = counted.get("render");
        Map<String, Long> puts = counted.get("put");
        Map<String, Long> attempts = counted.get("attempts");
        Map<String, Long> releases = counted.get("releases");
        Map<String, Long> holds = counted.get("holds");
        assertEquals(METATILES, renders.size());
        assertEquals(METATILES * ClusterNode.TILES_PER_METATILE, puts.size());
        assertEquals(attempts, releases, "every lock taken was released");
        long operations = 0;
        for (int k = 0; k < METATILES; k++) {
            Metatile metatile = Fixtures.metatile(ClusterNode.META_FACTOR, ClusterNode.origin(k));
            assertEquals(1, renders.get(metatile.lockKey()), "renders of " + metatile);
            for (int i = 0; i < metatile.tileCount(); i++) {
                TileKey tile = metatile.tile(i);
                assertEquals(1, puts.get(tile.lockKey()), "puts of " + tile);
                byte[] stored = store.get(tile).data();
                assertArrayEquals(new int[] {ColorRenderer.colorOf(tile)}, distinctPixels(stored), "pixels of " + tile);
            }
            long metatileLocks = attempts.get(metatile.lockKey());
            if (protocol == LockProtocol.STORING_LOCK) {
                long storingLocks = attempts.get(metatile.storingLockKey());
                assertEquals(1, holds.get(metatile.storingLockKey()), "storing lock holds of " + metatile);
                // each request that took the metatile lock then took the storing lock at most once, plus the hold
                assertTrue(storingLocks >= 2 && storingLocks <= metatileLocks + 1, metatile + ": " + storingLocks);
                operations += 2 * (metatileLocks + storingLocks);
            } else {
                for (int i = 0; i < metatile.tileCount(); i++) {
                    assertEquals(1, holds.get(metatile.tile(i).lockKey()), "tile lock holds of " + metatile.tile(i));
                }
                operations += 2 * metatileLocks;
            }
        }
        if (protocol == LockProtocol.STORING_LOCK) {
            assertTrue(attempts.keySet().stream().noneMatch(key -> key.startsWith("gwc_tile_")), "no tile lock");
            assertEquals(operations, totals.get("lockOperations"), "only metatile and storing locks");
        }
        System.out.printf(
                "%s: %d processes x %d threads, %d metatiles of %d tiles: %.1f lock operations per metatile"
                        + " (%d in all), responses %d rendered, %d in flight, %d from the store%n",
                protocol,
                NODES,
                THREADS,
                METATILES,
                ClusterNode.TILES_PER_METATILE,
                (double) totals.get("lockOperations") / METATILES,
                totals.get("lockOperations"),
                totals.get("RENDERED"),
                totals.get("IN_FLIGHT"),
                totals.get("CACHE"));
    }

    /** Runs the nodes to their end and sums what they counted: category, then key, then the sum. */
    private Map<String, Map<String, Long>> runNodes(LockProtocol protocol) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        List<ChildJvm> nodes = new ArrayList<>();
        try {
            for (int n = 0; n < NODES; n++) {
                nodes.add(ChildJvm.start(
                        ClusterNode.class,
                        shared.toString(),
                        Integer.toString(n),
                        Integer.toString(THREADS),
                        Integer.toString(METATILES),
                        protocol.name()));
            }
            for (ChildJvm node : nodes) {
                assertTrue(node.awaitLine("ready", deadline), "a node did not start in time: " + node.output());
            }
            for (ChildJvm node : nodes) {
                node.send("go");
            }
            for (ChildJvm node : nodes) {
                assertTrue(node.awaitEnd(deadline), "a node did not end in time: " + node.output());
                assertEquals(0, node.exitValue(), "a node failed: " + node.output());
            }
        } finally {
            for (ChildJvm node : nodes) {
                node.close();
            }
        }
        Map<String, Map<String, Long>> counted = new TreeMap<>();
        for (int n = 0; n < NODES; n++) {
            for (String line : Files.readAllLines(shared.resolve("node-" + n + ".txt"))) {
                String[] parts = line.split(" ");
                counted.computeIfAbsent(parts[0], c -> new TreeMap<>())
                        .merge(parts[1], Long.parseLong(parts[2]), Long::sum);
            }
        }
        return counted;
    }

    private static int[] distinctPixels(byte[] tile) {
        assertTrue(tile != null, "tile stored");
        return java.util.Arrays.stream(RawEncoder.decode(tile)).distinct().toArray();
    }
}
