package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A lock provider that records every acquisition asked for and every release, with the thread, and can
 * fail chosen acquisitions; stands for a lock provider shared by several processes.
 */
final class RecordingLockProvider implements LockProvider {

    /**
     * An acquisition asked for or a release: the key, the thread, its rank among the key's attempts, and
     * whether it holds a job's tiles ({@link JobLocks} asked for it) rather than a request's wait.
     */
    record Operation(String key, String thread, int rank, boolean forJob) {}

    private static final StackWalker STACK = StackWalker.getInstance();

    private final LockProvider delegate;
    private final List<Operation> attempts = new CopyOnWriteArrayList<>();
    private final List<Operation> releases = new CopyOnWriteArrayList<>();
    private volatile Predicate<Operation> failing = attempt -> false;

    RecordingLockProvider(LockProvider delegate) {
        this.delegate = delegate;
    }

    /** Makes the acquisitions {@code which} accepts throw, as a failing provider does. */
    RecordingLockProvider failing(Predicate<Operation> which) {
        this.failing = which;
        return this;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        Operation attempt;
        synchronized (this) {
            attempt = new Operation(key, Thread.currentThread().getName(), attempts(key) + 1, askedByJobLocks());
            attempts.add(attempt);
        }
        if (failing.test(attempt)) {
            throw new IllegalStateException("injected lock failure on " + key);
        }
        Lock lock = delegate.acquire(key, timeout);
        return () -> {
            releases.add(new Operation(key, Thread.currentThread().getName(), attempt.rank(), attempt.forJob()));
            lock.release();
        };
    }

    private static boolean askedByJobLocks() {
        return STACK.walk(frames -> frames.anyMatch(f -> f.getClassName().equals(JobLocks.class.getName())));
    }

    /** The acquisitions of {@code key} that held a job's tiles. */
    long jobHolds(String key) {
        return attempts.stream().filter(o -> o.key().equals(key) && o.forJob()).count();
    }

    int attempts(String key) {
        return threads(attempts, key).size();
    }

    int releases(String key) {
        return threads(releases, key).size();
    }

    /** Acquisitions asked for plus releases, every key. */
    int operations() {
        return attempts.size() + releases.size();
    }

    /** The keys ever asked for. */
    Set<String> keys() {
        return attempts.stream().map(Operation::key).collect(Collectors.toSet());
    }

    /** The threads that asked for {@code key}, in order. */
    List<String> acquiringThreads(String key) {
        return threads(attempts, key);
    }

    /** The threads that released {@code key}, in order. */
    List<String> releasingThreads(String key) {
        return threads(releases, key);
    }

    private static List<String> threads(List<Operation> operations, String key) {
        return operations.stream()
                .filter(o -> o.key().equals(key))
                .map(Operation::thread)
                .toList();
    }
}
