package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static io.github.metatilefanout.engine.settings.Setting.STORE_THREADS;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings the engine runs with, each resolved to a value: how its pool is sized and how long it waits.
 * Ranges, defaults and messages are those of the {@link Setting} descriptors; {@link SettingValues#resolve()}
 * builds these from the values an admin set.
 *
 * @param poolSize {@link Setting#POOL_SIZE}: threads that encode and store tiles; 0 turns the pool off (the
 *     classic synchronous behaviour)
 * @param queueBound {@link Setting#QUEUE_BOUND}: metatiles that may wait for a pool thread; when the pool and its
 *     queue are full, the requesting thread does the work itself
 * @param storeThreads {@link Setting#STORE_THREADS}: tiles written to the tile store at once, for the whole engine; 0
 *     writes each tile on its metatile's own thread
 * @param lockTimeout {@link Setting#LOCK_TIMEOUT_SECONDS}: the longest wait for any lock, in whole seconds
 * @param singleTileWhenUncached {@link Setting#SINGLE_TILE_WHEN_UNCACHED}: render a requested tile alone, not its
 *     metatile, where tiles are not cached (for requests that offer a single-tile metatile)
 * @throws IllegalArgumentException if a value is not allowed, with its setting's message
 */
public record FanoutSettings(
        int poolSize, int queueBound, int storeThreads, Duration lockTimeout, boolean singleTileWhenUncached) {

    /** GeoWebCache's default lock timeout, the default of {@link Setting#LOCK_TIMEOUT_SECONDS}. */
    public static final Duration DEFAULT_LOCK_TIMEOUT = defaults().lockTimeout();

    public FanoutSettings {
        POOL_SIZE.check(poolSize);
        QUEUE_BOUND.check(queueBound);
        STORE_THREADS.check(storeThreads);
        Objects.requireNonNull(lockTimeout, "lockTimeout");
        checkWholeSeconds(lockTimeout);
    }

    /** Every setting at its default. */
    public static FanoutSettings defaults() {
        return SettingValues.NONE.resolve();
    }

    /** A pool of {@code poolSize} threads with the default queue bound and lock timeout. */
    public static FanoutSettings withPoolSize(int poolSize) {
        return SettingValues.NONE.with(POOL_SIZE, poolSize).resolve();
    }

    public FanoutSettings withLockTimeout(Duration timeout) {
        return new FanoutSettings(poolSize, queueBound, storeThreads, timeout, singleTileWhenUncached);
    }

    public FanoutSettings withStoreThreads(int threads) {
        return new FanoutSettings(poolSize, queueBound, threads, lockTimeout, singleTileWhenUncached);
    }

    /**
     * The settings as the hosts' log lines give them: {@code pool size 4, queue bound 4, store threads 16, lock wait
     * timeout 120 s, single tiles on uncached zoom levels off}.
     */
    @Override
    public String toString() {
        return "pool size " + poolSize + ", queue bound " + queueBound + ", store threads " + storeThreads
                + ", lock wait timeout " + lockTimeout.toSeconds() + " s, single tiles on uncached zoom levels "
                + (singleTileWhenUncached ? "on" : "off");
    }

    /** Checks {@code timeout} against {@link Setting#LOCK_TIMEOUT_SECONDS}, which allows whole seconds only. */
    private static void checkWholeSeconds(Duration timeout) {
        long seconds = timeout.getSeconds();
        if (timeout.getNano() == 0 && seconds == (int) seconds) {
            LOCK_TIMEOUT_SECONDS.check((int) seconds);
        } else {
            throw new IllegalArgumentException(String.format(
                    Setting.BAD_VALUE,
                    LOCK_TIMEOUT_SECONDS.key(),
                    seconds(timeout),
                    LOCK_TIMEOUT_SECONDS.type().description()));
        }
    }

    /** {@code duration} in seconds, as a number in text: {@code 120}, {@code 0.5}. */
    private static String seconds(Duration duration) {
        return new BigDecimal(duration.getSeconds())
                .add(BigDecimal.valueOf(duration.getNano(), 9))
                .stripTrailingZeros()
                .toPlainString();
    }
}
