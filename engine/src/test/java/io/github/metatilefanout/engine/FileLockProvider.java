package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import io.github.metatilefanout.engine.lock.MemoryLockProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A lock provider for processes sharing a directory, as GeoWebCache's NIO provider is: an in-process lock
 * per key first (a JVM holds a file lock for all its threads), then an exclusive {@link FileLock} on the
 * key's file, tried every {@value #POLL_MILLIS} ms until the timeout. The operating system drops the file
 * lock of a process that dies. Lock files are never deleted: deleting one while another process has it
 * open would let a third lock a new file of the same name.
 */
final class FileLockProvider implements LockProvider {

    private static final long POLL_MILLIS = 2;

    private final Path directory;
    private final MemoryLockProvider inProcess = new MemoryLockProvider();

    FileLockProvider(Path directory) {
        this.directory = directory;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Lock local = inProcess.acquire(key, timeout);
        boolean locked = false;
        try {
            FileChannel channel = FileChannel.open(
                    directory.resolve(key.replaceAll("[^A-Za-z0-9._-]", "_") + ".lock"),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            try {
                FileLock fileLock = awaitFileLock(channel, key, timeout, deadline);
                locked = true;
                return () -> {
                    try {
                        fileLock.release();
                        channel.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException("Releasing the lock file of '" + key + "' failed", e);
                    } finally {
                        local.release();
                    }
                };
            } finally {
                if (!locked) {
                    channel.close();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Locking the lock file of '" + key + "' failed", e);
        } finally {
            if (!locked) {
                local.release();
            }
        }
    }

    private static FileLock awaitFileLock(FileChannel channel, String key, Duration timeout, long deadline)
            throws IOException, LockTimeoutException, InterruptedException {
        for (FileLock lock = channel.tryLock(); ; lock = channel.tryLock()) {
            if (lock != null) {
                return lock;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new LockTimeoutException(key, timeout);
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }
}
