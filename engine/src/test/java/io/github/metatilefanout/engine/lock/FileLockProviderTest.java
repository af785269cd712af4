package io.github.metatilefanout.engine.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileLockProviderTest {

    /** For an acquisition that is to time out. */
    private static final Duration SHORT = Duration.ofMillis(50);
    /** For an acquisition that is to succeed, however loaded the machine. */
    private static final Duration AMPLE = Duration.ofSeconds(10);

    @TempDir
    Path directory;

    @Test
    void excludesOtherThreadsUntilTimeoutWithAClearMessage() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        LockProvider.Lock held = provider.acquire("gwc_tile_x", AMPLE);
        try {
            Throwable failure = CompletableFuture.supplyAsync(() -> failureOf(provider, "gwc_tile_x", SHORT))
                    .get(10, TimeUnit.SECONDS);
            LockTimeoutException timeout = assertInstanceOf(LockTimeoutException.class, failure);
            assertEquals("Could not acquire lock 'gwc_tile_x' within 50 ms", timeout.getMessage());
        } finally {
            held.release();
        }
        assertEquals(
                null,
                CompletableFuture.supplyAsync(() -> failureOf(provider, "gwc_tile_x", AMPLE))
                        .get(20, TimeUnit.SECONDS));
    }

    @Test
    void twoProvidersOnOneDirectoryInOneProcessExcludeEachOther() throws Exception {
        FileLockProvider first = new FileLockProvider(directory);
        FileLockProvider second = new FileLockProvider(directory.resolve("."));
        LockProvider.Lock held = first.acquire("k", AMPLE);
        try {
            Throwable failure = CompletableFuture.supplyAsync(() -> failureOf(second, "k", SHORT))
                    .get(10, TimeUnit.SECONDS);
            assertInstanceOf(LockTimeoutException.class, failure);
        } finally {
            held.release();
        }
        assertEquals(
                null,
                CompletableFuture.supplyAsync(() -> failureOf(second, "k", AMPLE))
                        .get(20, TimeUnit.SECONDS));
        assertEquals(List.of(), lockFiles());
    }

    @Test
    void aReleasedLockLeavesNoFile() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory.resolve("lockfiles"));
        LockProvider.Lock lock = provider.acquire("gwc_metatile_{layer}_EPSG:900913_png_0_0_9", AMPLE);
        assertEquals(1, lockFiles().size());
        lock.release();
        assertEquals(List.of(), lockFiles());
    }

    @Test
    void theFileOfAHolderKilledBeforeMarkingItIsTakenOver() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        Path leftOver = directory.resolve(nameOfTheFileOf("k", provider));
        Files.write(leftOver, new byte[0]);

        provider.acquire("k", AMPLE).release();
        assertEquals(List.of(), lockFiles());
    }

    @Test
    void theFileOfAHolderKilledBetweenMarkingAndDeletingItIsDeletedAndTheKeyTaken() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        Path leftOver = directory.resolve(nameOfTheFileOf("k", provider));
        Files.write(leftOver, new byte[] {1});

        LockProvider.Lock lock = provider.acquire("k", AMPLE);
        assertEquals(0, Files.size(leftOver), "a new lock file, in use");
        lock.release();
        assertEquals(List.of(), lockFiles());
    }

    @Test
    void anInterruptedThreadReleasesAndKeepsItsFlag() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        LockProvider.Lock lock = provider.acquire("k", AMPLE);
        Thread.currentThread().interrupt();
        try {
            lock.release();
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
        assertEquals(List.of(), lockFiles());
        assertEquals(
                null,
                CompletableFuture.supplyAsync(() -> failureOf(provider, "k", AMPLE))
                        .get(20, TimeUnit.SECONDS));
    }

    @Test
    void onlyTheAcquiringThreadReleasesOnce() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        LockProvider.Lock lock = provider.acquire("k", AMPLE);
        Throwable fromOtherThread =
                CompletableFuture.supplyAsync(() -> releaseFailure(lock)).get(10, TimeUnit.SECONDS);
        assertInstanceOf(IllegalStateException.class, fromOtherThread);
        lock.release();
        assertThrows(IllegalStateException.class, lock::release);
    }

    @Test
    void aThreadAskingForAKeyItHoldsIsToldSo() throws Exception {
        FileLockProvider provider = new FileLockProvider(directory);
        LockProvider.Lock lock = provider.acquire("k", AMPLE);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> provider.acquire("k", SHORT));
            assertEquals("Lock 'k' is already held by this thread", e.getMessage());
        } finally {
            lock.release();
        }
        provider.acquire("k", AMPLE).release();
    }

    private List<Path> lockFiles() throws Exception {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    /** The name of {@code key}'s lock file, seen while it is held. */
    private String nameOfTheFileOf(String key, FileLockProvider provider) throws Exception {
        List<Path> before = lockFiles();
        LockProvider.Lock lock = provider.acquire(key, AMPLE);
        try {
            return lockFiles().stream()
                    .filter(file -> !before.contains(file))
                    .findFirst()
                    .orElseThrow()
                    .getFileName()
                    .toString();
        } finally {
            lock.release();
        }
    }

    private static Throwable failureOf(LockProvider provider, String key, Duration timeout) {
        try {
            provider.acquire(key, timeout).release();
            return null;
        } catch (Exception e) {
            return e;
        }
    }

    private static Throwable releaseFailure(LockProvider.Lock lock) {
        try {
            lock.release();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
