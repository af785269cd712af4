package io.github.metatilefanout.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes encoded tiles to the tile store, up to {@code storeThreads} at once for the whole engine, so that a store a
 * round trip away (an object store) costs a metatile about one round trip instead of one per tile. With no store
 * threads, or when a write cannot be handed over (the engine is closing, no thread can be started), the calling
 * thread writes it. Tiles kept only transiently are put on the calling thread: that is a memory write.
 *
 * <p>Writes are short tasks, what a {@link ThreadPoolExecutor} with idle threads timing out is for. Nobody waits on
 * this executor: each write ends by running its {@code written} callback, on every path, a write dropped at close
 * included, so that the job's owner can release the tile's lock (only the owner may release it).
 */
final class TileWriter {

    private static final Logger LOGGER = Logger.getLogger(TileWriter.class.getName());
    private static final long KEEP_ALIVE_SECONDS = 30;

    private final TileStore store;
    private final FanoutMetrics metrics;
    private final EngineThreads threads;
    private final ThreadPoolExecutor executor;
    /** No store threads: every write on its caller. */
    private volatile boolean onCaller;

    TileWriter(String engineName, TileStore store, int storeThreads, FanoutMetrics metrics) {
        this.store = store;
        this.metrics = metrics;
        this.threads = new EngineThreads(engineName, "store");
        int size = Math.max(1, storeThreads);
        this.executor = new ThreadPoolExecutor(
                size, size, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
        executor.allowCoreThreadTimeOut(true);
        this.onCaller = storeThreads == 0;
    }

    /** Told once how a write ended. */
    interface Written {
        /** @param dropped {@code true} if the write was dropped at close, never tried */
        void ended(boolean dropped);
    }

    /**
     * Writes {@code data} as {@code tile} (persisted, or kept transiently), then tells {@code written}, whatever the
     * outcome; a failure is logged and counted.
     */
    void write(TileKey tile, byte[] data, CachePolicy policy, Written written) {
        Write write = new Write(tile, data, policy, written);
        if (policy == CachePolicy.PERSIST && !onCaller) {
            try {
                executor.execute(write);
                return;
            } catch (RejectedExecutionException closing) {
                // shut down meanwhile: written here
            } catch (Throwable e) { // no thread could be started: written here
                EngineThreads.reportNotStarted(metrics, e);
            }
        }
        write.run();
    }

    /**
     * From now on up to {@code storeThreads} writes at once; 0 writes on the calling thread. Raising it starts threads
     * for the writes queued: one that cannot start is reported, the new size applies all the same.
     */
    void resize(int storeThreads) {
        onCaller = storeThreads == 0;
        if (onCaller) {
            return;
        }
        try {
            if (storeThreads > executor.getMaximumPoolSize()) {
                executor.setMaximumPoolSize(storeThreads);
                executor.setCorePoolSize(storeThreads);
            } else {
                executor.setCorePoolSize(storeThreads);
                executor.setMaximumPoolSize(storeThreads);
            }
        } catch (OutOfMemoryError notStarted) { // what Thread.start throws when no thread can start
            EngineThreads.reportNotStarted(metrics, notStarted);
        }
    }

    /** Takes no more writes; those queued still run. */
    void shutdown() {
        executor.shutdown();
    }

    /** Interrupts the writes running and drops those queued, each still reporting to its job. */
    void shutdownNow() {
        List<Runnable> dropped = new ArrayList<>(executor.shutdownNow());
        for (Runnable each : dropped) {
            ((Write) each).drop();
        }
    }

    /** Whether, by {@code deadline}, no write is queued any more and every store thread has ended. */
    boolean awaitEnded(long deadline) throws InterruptedException {
        boolean terminated = executor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        return threads.awaitEnded(deadline) && terminated;
    }

    void interruptAll() {
        threads.interruptAll();
    }

    List<String> aliveNames() {
        return threads.aliveNames();
    }

    private final class Write implements Runnable {

        private final TileKey tile;
        private final byte[] data;
        private final CachePolicy policy;
        private final Written written;
        /**
         * Set by whoever runs or drops this write first: the executor may have queued it although {@code execute}
         * failed to start a thread for it, and the caller then writes it itself.
         */
        private final AtomicBoolean taken = new AtomicBoolean();

        Write(TileKey tile, byte[] data, CachePolicy policy, Written written) {
            this.tile = tile;
            this.data = data;
            this.policy = policy;
            this.written = written;
        }

        @Override
        public void run() {
            if (!taken.compareAndSet(false, true)) {
                return; // already run or dropped
            }
            try {
                if (policy == CachePolicy.PERSIST) {
                    store.put(tile, data);
                } else {
                    store.putTransient(tile, data);
                }
                metrics.stored();
            } catch (Throwable e) {
                metrics.storeFailed();
                LOGGER.log(
                        e instanceof Error ? Level.SEVERE : Level.WARNING,
                        String.format(LogMessages.STORE_FAILED, tile),
                        e);
                FatalErrors.rethrowIfFatal(e);
            } finally {
                written.ended(false);
            }
        }

        /** Not written: the engine was closed first. */
        void drop() {
            if (taken.compareAndSet(false, true)) {
                metrics.tilesAbandoned(1);
                written.ended(true);
            }
        }
    }
}
