package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Processes contending for one key of a {@link FileLockProvider}: never two holders at once, although
 * every holder deletes the lock file that the others are waiting on.
 */
class FileLockProviderProcessesTest {

    private static final int PROCESSES = 3;
    private static final int THREADS = 2;
    private static final int ACQUISITIONS = 300;

    @TempDir
    Path shared;

    @Test
    void oneHolderAtATimeAcrossProcessesAndNoLockFileLeft() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<ChildJvm> contenders = new ArrayList<>();
        try {
            for (int p = 0; p < PROCESSES; p++) {
                contenders.add(ChildJvm.start(
                        LockContender.class, shared.toString(), String.valueOf(THREADS), String.valueOf(ACQUISITIONS)));
            }
            for (ChildJvm contender : contenders) {
                assertTrue(contender.awaitEnd(deadline), "still running: " + contender.output());
                assertEquals(0, contender.exitValue(), contender.output());
                assertEquals(
                        "held " + THREADS * ACQUISITIONS + " overlaps 0",
                        contender.output().strip(),
                        "two processes held the key at once");
            }
        } finally {
            for (ChildJvm contender : contenders) {
                contender.close();
            }
        }
        try (Stream<Path> left = Files.list(shared.resolve("locks"))) {
            assertEquals(List.of(), left.toList(), "lock files left behind");
        }
    }
}
