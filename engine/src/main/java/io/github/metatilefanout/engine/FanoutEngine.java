package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToIntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves tiles from metatiles: renders a missing metatile once, answers with the requested tile as soon
 * as it is encoded, and encodes and stores the other tiles on a bounded pool.
 *
 * <p>For a request for tile T of metatile M:
 *
 * <ol>
 *   <li>T is looked up in the tile store, without locks;
 *   <li>if M is being processed in this process, T's bytes are taken from it (encoded on this thread if
 *       nobody has started T);
 *   <li>otherwise M's lock is taken, then T's lock while T is looked up again;
 *   <li>M is rendered on this thread and registered as in flight, with T claimed for this thread;
 *   <li>a job is handed to the pool, which takes the lock of every tile of M while this thread encodes T;
 *   <li>once the job holds those locks, this thread releases M's lock and answers; the job encodes and
 *       stores every other tile, stores T, and releases each tile's lock once that tile is stored.
 * </ol>
 *
 * <p>When the pool is off, or it and its queue are full, or the request is {@linkplain Mode#SEEDING
 * seeding}, the requesting thread runs the job itself: every tile is stored when the call returns. The
 * caller of {@link #getTile} owns M's lock and T's lock and always releases them itself before returning.
 */
public final class FanoutEngine implements AutoCloseable {

    private static final Logger LOGGER = Logger.getLogger(FanoutEngine.class.getName());

    private final LockProvider lockProvider;
    private final TileStore store;
    private final ConcurrentHashMap<Metatile, InFlightMetatile> inFlight = new ConcurrentHashMap<>();
    private final AtomicReference<FanoutPool> pool = new AtomicReference<>();
    private final FanoutMetrics metrics;
    private volatile FanoutSettings settings;
    private volatile boolean closed;

    public FanoutEngine(LockProvider lockProvider, TileStore store, FanoutSettings settings) {
        this.lockProvider = Objects.requireNonNull(lockProvider, "lockProvider");
        this.store = Objects.requireNonNull(store, "store");
        this.metrics = new FanoutMetrics(
                () -> this.settings.poolSize(),
                () -> poolGauge(FanoutPool::activeThreads),
                () -> poolGauge(FanoutPool::queueDepth),
                inFlight::size);
        reconfigure(settings);
    }

    /**
     * The tile asked for: from the store, from a metatile in flight, or rendered.
     *
     * @throws TileException if the metatile failed to render or T failed to encode, a lock was not
     *     obtained in time, or the thread was interrupted while waiting (its interrupt flag is kept)
     */
    public TileResponse getTile(TileRequest request) throws TileException {
        CachePolicy policy = request.cachePolicy();
        if (policy == CachePolicy.NONE) {
            return renderUncached(request);
        }
        byte[] cached = lookup(request.tile(), policy);
        if (cached != null) {
            return new TileResponse(cached, Source.CACHE);
        }
        TileResponse shared = fromInFlight(request);
        if (shared != null) {
            return shared;
        }
        LockProvider.Lock metatileLock = acquire(request.metatile().lockKey());
        try {
            shared = fromInFlight(request);
            if (shared != null) {
                return shared;
            }
            LockProvider.Lock tileLock = acquire(request.tile().lockKey());
            try {
                cached = lookup(request.tile(), policy);
            } finally {
                tileLock.release();
            }
            if (cached != null) {
                return new TileResponse(cached, Source.CACHE);
            }
            return renderAndFanOut(request);
        } finally {
            metatileLock.release();
        }
    }

    /**
     * Applies new settings: new work goes to a new pool, the old one completes what it has and ends its
     * threads. Settings equal to the current ones change nothing.
     */
    public synchronized void reconfigure(FanoutSettings newSettings) {
        Objects.requireNonNull(newSettings, "settings");
        if (closed) {
            throw new IllegalStateException("The engine is closed");
        }
        if (newSettings.equals(settings)) {
            return;
        }
        FanoutSettings previous = this.settings;
        this.settings = newSettings;
        FanoutPool fresh =
                newSettings.poolSize() == 0 ? null : new FanoutPool(newSettings.poolSize(), newSettings.queueBound());
        FanoutPool old = pool.getAndSet(fresh);
        if (old != null) {
            old.shutdown();
        }
        if (previous == null || previous.poolSize() != newSettings.poolSize()) {
            LOGGER.info("metatile-fanout: "
                    + (fresh == null
                            ? "pool off, metatiles are encoded and stored synchronously"
                            : "pool of " + newSettings.poolSize() + " threads, queue of " + newSettings.queueBound()
                                    + " metatiles"));
        }
    }

    public FanoutSettings settings() {
        return settings;
    }

    public FanoutMetrics metrics() {
        return metrics;
    }

    /** Closes the engine, waiting up to the lock timeout for the pool's work: see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(settings.lockTimeout());
    }

    /**
     * Stops taking work on the pool and waits up to {@code gracePeriod} for the jobs it has; jobs still
     * queued then are handed back to their callers, and running ones are interrupted, which abandons their
     * tiles not yet started and releases every lock. Later requests run synchronously.
     */
    public synchronized void close(Duration gracePeriod) {
        closed = true;
        FanoutPool old = pool.getAndSet(null);
        if (old == null) {
            return;
        }
        try {
            for (Runnable neverStarted : old.shutdownAndAwait(gracePeriod)) {
                if (neverStarted instanceof FanoutJob job) {
                    job.abandonIfQueued();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private TileResponse renderUncached(TileRequest request) throws TileException {
        InFlightMetatile flight = render(request, CachePolicy.NONE);
        byte[] data = flight.encodeRequested();
        flight.abandonUnclaimed();
        return rendered(data, request);
    }

    private TileResponse renderAndFanOut(TileRequest request) throws TileException {
        InFlightMetatile flight = render(request, request.cachePolicy());
        if (flight.cachePolicy() == CachePolicy.NONE) {
            byte[] data = flight.encodeRequested();
            flight.abandonUnclaimed();
            return rendered(data, request);
        }
        Metatile metatile = request.metatile();
        inFlight.put(metatile, flight);
        FanoutPool currentPool = request.mode() == Mode.SEEDING ? null : pool.get();
        FanoutJob job = new FanoutJob(
                flight,
                lockProvider,
                store,
                settings.lockTimeout(),
                currentPool,
                metrics,
                () -> inFlight.remove(metatile, flight));
        boolean submitted = currentPool != null && currentPool.trySubmit(job);
        byte[] data = flight.encodeRequested(); // while the job takes the tile locks
        if (!submitted) {
            if (currentPool != null) {
                metrics.jobRunOnCallerPoolFull();
            }
            job.runOnCaller();
        } else if (!job.awaitTileLocks()) {
            metrics.jobRunOnCallerPoolFull();
            job.runOnCaller();
        }
        return rendered(data, request);
    }

    private InFlightMetatile render(TileRequest request, CachePolicy requested) throws TileException {
        MetatileImage image;
        try {
            image = Objects.requireNonNull(request.renderer().render(request.metatile()), "rendered image");
        } catch (Exception e) {
            metrics.renderFailed();
            throw new TileException("Rendering metatile " + request.metatile() + " failed: " + e.getMessage(), e);
        }
        metrics.rendered();
        CachePolicy policy = image.cachePolicy().orElse(requested);
        return new InFlightMetatile(
                request.metatile(),
                request.metatile().indexOf(request.tile()),
                policy,
                request.encoder(),
                image,
                metrics);
    }

    private static TileResponse rendered(byte[] data, TileRequest request) throws TileException {
        if (data == null) {
            throw new TileException("Encoding tile " + request.tile() + " failed");
        }
        return new TileResponse(data, Source.RENDERED);
    }

    private TileResponse fromInFlight(TileRequest request) throws TileException {
        InFlightMetatile flight = inFlight.get(request.metatile());
        if (flight == null) {
            return null;
        }
        try {
            byte[] data = flight.bytesForRequest(request.metatile().indexOf(request.tile()), settings.lockTimeout());
            return data == null ? null : new TileResponse(data, Source.IN_FLIGHT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while waiting for tile " + request.tile(), e);
        }
    }

    private byte[] lookup(TileKey tile, CachePolicy policy) {
        if (policy == CachePolicy.TRANSIENT) {
            return store.getTransient(tile);
        }
        try {
            return store.get(tile);
        } catch (IOException | RuntimeException e) {
            LOGGER.log(Level.WARNING, "Looking up tile " + tile + " failed; rendering it", e);
            return null;
        }
    }

    private LockProvider.Lock acquire(String key) throws TileException {
        long start = System.nanoTime();
        try {
            return lockProvider.acquire(key, settings.lockTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while waiting for lock '" + key + "'", e);
        } finally {
            metrics.lockWaited(System.nanoTime() - start);
        }
    }

    private int poolGauge(ToIntFunction<FanoutPool> gauge) {
        FanoutPool current = pool.get();
        return current == null ? 0 : gauge.applyAsInt(current);
    }
}
