package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.config.ConfigurationException;
import org.geowebcache.locks.LockProvider;
import org.geowebcache.storage.DefaultStorageFinder;

/**
 * A GeoWebCache lock provider for nodes sharing the tile cache directory, offered beside {@code nioLock} in
 * the lock provider list of Caching Defaults. Like {@code nioLock} it holds a file lock per key in a
 * directory of the cache ({@value #DIRECTORY}) and deletes the file on release, but a process can never
 * take a key through a file another one is deleting: see {@link FileLockProvider}. Every node must use it;
 * it does not exclude nodes using {@code nioLock}.
 *
 * <p>A wait lasts at most {@code GWC_LOCK_TIMEOUT} seconds (120 by default), as with GeoWebCache's own
 * providers; then {@link #getLock} fails with a {@link GeoWebCacheException} naming the key. A lock is
 * released by the thread that took it.
 */
public class FanoutFileLockProvider implements LockProvider {

    /** The directory of the lock files, in GeoWebCache's cache directory. */
    public static final String DIRECTORY = "metatile-fanout-lockfiles";

    private final FileLockProvider files;
    private final Duration timeout;

    public FanoutFileLockProvider(DefaultStorageFinder cacheDirectory) throws ConfigurationException {
        this(Path.of(cacheDirectory.getDefaultPath(), DIRECTORY), Duration.ofSeconds(GWC_LOCK_TIMEOUT));
    }

    FanoutFileLockProvider(Path directory, Duration timeout) {
        this.files = new FileLockProvider(directory);
        this.timeout = timeout;
    }

    @Override
    public Lock getLock(String lockKey) throws GeoWebCacheException {
        io.github.metatilefanout.engine.lock.LockProvider.Lock held;
        try {
            held = files.acquire(lockKey, timeout);
        } catch (LockTimeoutException | UncheckedIOException e) {
            throw new GeoWebCacheException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeoWebCacheException("Interrupted while waiting for lock '" + lockKey + "'", e);
        }
        return () -> {
            try {
                held.release();
            } catch (UncheckedIOException e) {
                throw new GeoWebCacheException(e.getMessage(), e);
            }
        };
    }
}
