package io.github.metatilefanout.engine.lock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A lock provider for processes that share a directory, such as GeoServer nodes sharing a tile cache on
 * a network disk: an in-process lock per key (a JVM holds a file lock for all its threads), then an
 * exclusive {@link FileLock} on the key's lock file, tried with a growing pause of at most {@value
 * #MAX_PAUSE_MILLIS} ms until the timeout. The operating system drops the file locks of a process that
 * dies, so a killed node holds nothing.
 *
 * <p><b>Lock files are deleted, safely.</b> The holder of a key deletes its lock file before it releases
 * the lock, so the directory does not grow with the number of keys ever used. A process waiting on that
 * file then obtains the lock of a file that is no longer in the directory, while a third one creates and
 * locks a new file of the same name; GeoWebCache's NIO provider, which deletes its file after releasing the
 * lock, lets both believe they hold the key. Here the holder first writes a random mark into the file,
 * which is empty while in use, and a process that obtains the lock of a marked file lets it go and opens
 * the name again. So at most one process holds a key.
 *
 * <p>A holder killed between marking and deleting leaves a marked file in the directory. A process that
 * locks the same mark twice has found it: the file was still named when it was opened the second time,
 * since whoever writes a mark deletes the file before unlocking it. That process writes a new mark, so that
 * no other one takes the file for left over once it is gone, and deletes it. Whether a file is still named
 * cannot be told from its identity: between reading the name's inode and opening it, the file may be
 * replaced and its inode number reused, and a process deleting on that evidence deleted a file in use.
 *
 * <p>Within a process, only the thread holding a key's in-process lock opens, locks or closes that key's
 * file: on POSIX systems closing any descriptor of a file drops the file locks the process holds on it.
 * Providers created on the same directory in one JVM share their in-process locks, so they exclude each
 * other as processes do.
 *
 * <p>Every process sharing the directory must use this provider: it does not exclude processes using
 * another one on the same keys. The directory needs file locks that the operating system drops when a
 * process dies (local disks; NFS v4) and close-to-open consistency.
 */
public final class FileLockProvider implements LockProvider {

    private static final long MAX_PAUSE_MILLIS = 16;
    /** The longest mark read: marks are {@value #MARK_LENGTH} bytes, or less if their writer was killed. */
    private static final int MARK_LENGTH = 16;

    private static final byte[] NO_MARK = {};
    private static final SecureRandom MARKS = new SecureRandom();

    /** The in-process side of every provider of this JVM, by lock directory: never removed. */
    private static final ConcurrentHashMap<Path, InProcessLocks> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path directory;
    private final MemoryLockProvider inProcess;
    /** The thread holding each key held in this process: set by it on acquiring, removed by it on releasing. */
    private final ConcurrentHashMap<String, Thread> holders;

    /**
     * @param directory where the lock files are, created if missing; the same for every process
     * @throws UncheckedIOException if the directory cannot be created
     */
    public FileLockProvider(Path directory) {
        this.directory = directory;
        Path shared;
        try {
            Files.createDirectories(directory);
            shared = directory.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the lock file directory " + directory, e);
        }
        InProcessLocks locks = IN_PROCESS.computeIfAbsent(shared, d -> new InProcessLocks());
        this.inProcess = locks.memory();
        this.holders = locks.holders();
    }

    /**
     * @throws UncheckedIOException if the lock file cannot be created, opened, locked or read
     * @throws IllegalStateException if this thread already holds {@code key}: unlike the in-process lock,
     *     a file lock is not reentrant
     */
    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        if (holders.get(key) == Thread.currentThread()) {
            // a second descriptor of the file, once closed, would drop the lock held through the first
            throw new IllegalStateException("Lock '" + key + "' is already held by this thread");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Lock local = inProcess.acquire(key, timeout);
        Path file = directory.resolve(fileName(key));
        Lock held = null;
        try {
            long pauseMillis = 1;
            byte[] lastMark = NO_MARK;
            while (true) {
                FileChannel channel = FileChannel.open(
                        file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                try {
                    if (channel.tryLock() != null) {
                        byte[] mark = readMark(channel);
                        if (mark.length == 0) {
                            held = new HeldFileLock(key, file, channel, local);
                            return held;
                        }
                        if (Arrays.equals(mark, lastMark)) {
                            markAndDelete(channel, file); // left over by a holder killed before deleting it
                            continue;
                        }
                        lastMark = mark;
                    }
                } finally {
                    if (held == null) {
                        channel.close(); // releases the file lock, if taken
                    }
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new LockTimeoutException(key, timeout);
                }
                TimeUnit.MILLISECONDS.sleep(pauseMillis);
                pauseMillis = Math.min(2 * pauseMillis, MAX_PAUSE_MILLIS);
            }
        } catch (ClosedByInterruptException e) {
            Thread.interrupted(); // reported by the exception, as for the waits
            throw new InterruptedException("Interrupted while locking the lock file of '" + key + "'");
        } catch (IOException e) {
            throw new UncheckedIOException("Locking the lock file " + file + " of '" + key + "' failed", e);
        } finally {
            if (held == null) {
                local.release();
            }
        }
    }

    /** The mark of a locked file: empty while the file is in use, or once its holder was killed early. */
    private static byte[] readMark(FileChannel channel) throws IOException {
        ByteBuffer mark = ByteBuffer.allocate(MARK_LENGTH);
        while (mark.hasRemaining() && channel.read(mark, mark.position()) > 0) {
            // reads until the end of the file or of the buffer
        }
        return Arrays.copyOf(mark.array(), mark.position());
    }

    /** Marks a locked file with a mark no other file has and deletes its name, still locked. */
    private static void markAndDelete(FileChannel channel, Path file) throws IOException {
        byte[] mark = new byte[MARK_LENGTH];
        MARKS.nextBytes(mark);
        channel.write(ByteBuffer.wrap(mark), 0);
        Files.deleteIfExists(file);
    }

    private static String fileName(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest) + ".lock";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }

    /** What the providers of one directory share in this JVM. */
    private record InProcessLocks(MemoryLockProvider memory, ConcurrentHashMap<String, Thread> holders) {
        InProcessLocks() {
            this(new MemoryLockProvider(), new ConcurrentHashMap<>());
        }
    }

    /** A key held by one thread of this process: its file, locked, and its in-process lock. */
    private final class HeldFileLock implements Lock {
        private final String key;
        private final Path file;
        private final FileChannel channel;
        private final Lock local;
        private final HeldBy heldBy;

        HeldFileLock(String key, Path file, FileChannel channel, Lock local) {
            this.key = key;
            this.file = file;
            this.channel = channel;
            this.local = local;
            this.heldBy = new HeldBy(key);
            holders.put(key, heldBy.owner());
        }

        /**
         * Marks the lock file and deletes it, then releases its lock (by closing it) and the
         * in-process lock, which are released whatever fails before. An interrupted thread releases as any
         * other and keeps its interrupt flag.
         *
         * @throws UncheckedIOException if the file could not be deleted or unlocked
         */
        @Override
        public void release() {
            heldBy.release();
            // an interrupt would close the channel before the file is marked and deleted
            boolean interrupted = Thread.interrupted();
            try (channel) {
                markAndDelete(channel, file);
            } catch (IOException e) {
                throw new UncheckedIOException("Releasing the lock file " + file + " of '" + key + "' failed", e);
            } finally {
                holders.remove(key);
                local.release();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
