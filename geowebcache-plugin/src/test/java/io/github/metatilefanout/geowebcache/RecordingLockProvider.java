package io.github.metatilefanout.geowebcache;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.locks.LockProvider;
import org.geowebcache.locks.MemoryLockProvider;

/**
 * GeoWebCache's memory lock provider, recording the keys asked for and those held; it can fail as GeoWebCache
 * 2.0's providers do on their timeout (a {@code RuntimeException}) for keys with a given prefix, without waiting
 * 120 s. The tests' GeoWebCache uses it as {@code <lockProvider>recordingLock</lockProvider>}.
 */
public final class RecordingLockProvider implements LockProvider {

    private final MemoryLockProvider memory = new MemoryLockProvider();
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private final Queue<String> held = new ConcurrentLinkedQueue<>();
    private volatile String failingPrefix;

    @Override
    public Lock getLock(String lockKey) throws GeoWebCacheException {
        asked.add(lockKey);
        String failing = failingPrefix;
        if (failing != null && lockKey.startsWith(failing)) {
            throw new RuntimeException(String.format("Lock acquisition timeout for key [%s].", lockKey));
        }
        Lock taken = memory.getLock(lockKey);
        held.add(lockKey);
        return new Lock() {
            @Override
            public void release() throws GeoWebCacheException {
                held.remove(lockKey);
                taken.release();
            }
        };
    }

    /** Fails every key that starts with {@code prefix} from now on; null fails none. */
    void failKeysStartingWith(String prefix) {
        failingPrefix = prefix;
    }

    /** Every key asked for, in order. */
    List<String> asked() {
        return List.copyOf(asked);
    }

    /** The keys of the locks taken and not released. */
    List<String> held() {
        return List.copyOf(held);
    }
}
