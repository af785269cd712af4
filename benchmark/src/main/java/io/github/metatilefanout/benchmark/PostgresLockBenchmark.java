package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.cluster.PostgresLocks;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * One lock acquisition, and one release, on {@link ClusterBenchmark}'s lock registry, one node, nothing else
 * running. Run: {@code java -jar benchmark/target/benchmarks.jar full PostgresLock}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PostgresLockBenchmark implements NeedsPostgres {

    private static final int KEYS = 1024;

    private PostgresLocks registry;
    private LockProvider node;
    private LockProvider.Lock held;
    private long next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        registry = PostgresLocks.start();
        node = registry.node("node", ClusterBenchmark.TIME_TO_LIVE);
    }

    /** Acquires the lock of the next key, free. */
    @Benchmark
    public LockProvider.Lock acquire() throws Exception {
        held = node.acquire("lock-" + next++ % KEYS, Duration.ofSeconds(10));
        return held;
    }

    /** Releases the lock {@link #acquireToRelease()} acquired. */
    @Benchmark
    public void release() {
        held.release();
        held = null;
    }

    @Setup(Level.Invocation)
    public void acquireToRelease(BenchmarkParams params) throws Exception {
        if (params.getBenchmark().endsWith(".release")) {
            acquire();
        }
    }

    @TearDown(Level.Invocation)
    public void releaseAcquired() {
        if (held != null) {
            release();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        registry.close();
    }
}
