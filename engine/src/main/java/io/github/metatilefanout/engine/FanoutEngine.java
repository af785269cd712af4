package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.TileRequest.Mode;
import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves tiles from metatiles: renders a missing metatile once, answers with the requested tile as soon as it is
 * encoded, and encodes and stores the other tiles on a thread of the job's own.
 *
 * <p>For a request for tile T of metatile M:
 *
 * <ol>
 *   <li>if the request is interactive and M is being processed in this process, T's bytes are taken from its image,
 *       with no store lookup: encoded on this thread if nobody has started T (or if T failed, was abandoned, or takes
 *       longer than the lock timeout elsewhere), otherwise awaited from the thread encoding it; unless M's render
 *       found its tiles to be kept only transiently while T's were to be stored;
 *   <li>otherwise T is looked up in the tile store, without locks;
 *   <li>if it is not there, M's lock is taken, then, while T is looked up again, T's lock ({@link LockProtocol#TILE_LOCKS}) or
 *       M's storing lock ({@link LockProtocol#STORING_LOCK}): a job of any process still storing T holds it;
 *   <li>if the request is interactive and the pool has a free slot, a job thread starts, which takes the job's
 *       locks while this thread renders M (so that a lock provider a round trip away adds little to the first
 *       tile); if no slot was free, one is looked for again once M is rendered;
 *   <li>this thread encodes T; then it hands the job to its thread, waits until it is known which of the job's
 *       locks are held (at most the lock timeout after the job was created), releases M's lock and answers;
 *   <li>if no job thread could be had (pool off or full, or seeding), this thread runs the job itself: it takes and
 *       releases the job's locks, and every tile is stored when the call returns.
 * </ol>
 *
 * <p>A {@linkplain Mode#SEEDING seeding} call returns only once every tile of M is stored (or has failed, logged and
 * counted), even when M was already being processed for an interactive request: it waits for that job; when T is
 * stored already, it still waits until no job of any process is storing M: it takes the lock of every other tile of
 * M in turn ({@link LockProtocol#TILE_LOCKS}), or M's lock and then its storing lock ({@link
 * LockProtocol#STORING_LOCK}).
 *
 * <p><b>Ownership.</b> The caller of {@link #getTile} owns M's lock and the lock it takes to look T up again (T's, or
 * M's storing lock) and always releases them itself before returning; a job's locks belong to its owner, the one
 * thread that runs it ({@link FanoutJob}). {@link #inFlight} holds at most one job per metatile, from its registration
 * under M's lock until it has finished. A request waits for a lock or for another thread's encode at most the lock
 * timeout; a request running its job itself waits for its writes, and a seeding call for a job in flight, as long as
 * they take; {@link #close(Duration)} returns within twice its grace period.
 */
public final class FanoutEngine implements AutoCloseable {

    private static final Logger LOGGER = Logger.getLogger(FanoutEngine.class.getName());

    private final String name;
    private final LockProvider lockProvider;
    private final LockProtocol protocol;
    private final TileStore store;
    private final ConcurrentHashMap<Metatile, FanoutJob> inFlight = new ConcurrentHashMap<>();
    private final FanoutMetrics metrics;
    private final JobThreads jobThreads;
    private final TileWriter writer;
    private volatile FanoutSettings settings;
    private volatile boolean closed;
    /** Serialises {@link #reconfigure} and {@link #close}. */
    private final Object lifecycle = new Object();
    /** Guarded by {@link #lifecycle}: what the first {@link #close} reported. */
    private boolean closedCleanly;

    /**
     * @param name names this engine's threads, {@code metatile-fanout-<name>-job-<n>}: unique in the JVM
     * @param lockProvider where every lock comes from; shared by the processes that share {@code store}
     * @param protocol which locks are taken: every process sharing the provider must use the same one
     */
    public FanoutEngine(
            String name, LockProvider lockProvider, LockProtocol protocol, TileStore store, FanoutSettings settings) {
        this.name = Objects.requireNonNull(name, "name");
        Objects.requireNonNull(lockProvider, "lockProvider");
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
        EncodingTurns turns = new EncodingTurns(settings.poolSize());
        this.metrics =
                new FanoutMetrics(() -> this.settings.poolSize(), turns::encoding, turns::waiting, inFlight::size);
        this.lockProvider = new CountedLockProvider(lockProvider, metrics);
        this.jobThreads = new JobThreads(new EngineThreads(name, "job"), turns, settings, metrics);
        this.writer = new TileWriter(name, store, settings.storeThreads(), metrics);
        logPool(settings);
    }

    /**
     * The tile asked for: from the store, from a metatile in flight, or rendered.
     *
     * @throws TileException if the metatile failed to render or T failed to encode, a lock was not
     *     obtained (its timeout passed or the lock provider failed), a seeding call could not see M's tiles
     *     stored before the engine closed, or the thread was interrupted while it waited for a lock or rendered (its
     *     interrupt flag is kept)
     */
    public TileResponse getTile(TileRequest request) throws TileException {
        CachePolicy policy = request.cachePolicy();
        if (policy == CachePolicy.NONE) {
            return renderUncached(request);
        }
        boolean seeding = request.mode() == Mode.SEEDING;
        FanoutJob job = inFlight.get(request.metatile());
        if (job != null && !seeding) { // from memory, before a lookup that may cost an object store's round trip
            TileResponse shared = fromInFlight(job, request);
            if (shared != null) {
                return shared;
            }
        }
        StoredTile cached = lookup(request.tile(), policy);
        if (cached == null && policy == CachePolicy.TRANSIENT && rendersAlone(request)) {
            return renderUncached(request);
        }
        if (job != null && seeding) {
            awaitStored(job);
            cached = cached != null ? cached : lookup(request.tile(), policy);
        }
        if (cached != null) {
            return cacheHit(cached, request, false);
        }
        LockProvider.Lock metatileLock = acquire(request.metatile().lockKey());
        try {
            job = inFlight.get(request.metatile());
            if (job != null) {
                if (seeding) {
                    awaitStored(job);
                } else {
                    TileResponse shared = fromInFlight(job, request);
                    if (shared != null) {
                        return shared;
                    }
                }
            }
            cached = lookupWhileNothingStores(request, policy);
            if (cached != null) {
                return cacheHit(cached, request, true);
            }
            return renderAndFanOut(request);
        } finally {
            LockRelease.logged(metatileLock, request.metatile().lockKey(), metrics);
        }
    }

    /**
     * Applies new settings to the work that starts from now on: no job is dropped, and jobs beyond new, lower bounds
     * finish first. Settings equal to the current ones change nothing.
     *
     * @throws IllegalStateException if the engine is closed
     */
    public void reconfigure(FanoutSettings newSettings) {
        Objects.requireNonNull(newSettings, "settings");
        synchronized (lifecycle) {
            apply(newSettings);
        }
    }

    private void apply(FanoutSettings newSettings) {
        if (closed) {
            throw new IllegalStateException("The engine is closed");
        }
        FanoutSettings previous = settings;
        if (newSettings.equals(previous)) {
            return;
        }
        settings = newSettings;
        jobThreads.resize(newSettings);
        writer.resize(newSettings.storeThreads());
        if (previous.poolSize() != newSettings.poolSize()
                || previous.queueBound() != newSettings.queueBound()
                || previous.storeThreads() != newSettings.storeThreads()) {
            logPool(newSettings);
        }
    }

    private void logPool(FanoutSettings current) {
        LOGGER.info("metatile-fanout " + name + ": "
                + (current.poolSize() == 0
                        ? "pool off, metatiles are encoded on their requests' threads"
                        : "pool of " + current.poolSize() + " threads, queue of " + current.queueBound() + " metatiles")
                + ", "
                + (current.storeThreads() == 0
                        ? "tiles stored on the encoding thread"
                        : "up to " + current.storeThreads() + " tiles stored at once"));
    }

    public FanoutSettings settings() {
        return settings;
    }

    public FanoutMetrics metrics() {
        return metrics;
    }

    /** Closes the engine, giving tiles being encoded or stored up to the lock timeout: see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(settings.lockTimeout());
    }

    /**
     * Closes the engine: no job starts from now on, and every job, those run by their callers included, abandons the
     * tiles nobody has started to encode and releases their locks; tiles being encoded or stored get up to {@code
     * gracePeriod} to complete, then the engine's threads are interrupted and get {@code gracePeriod} more. The closing
     * thread stores nothing itself: it returns within twice {@code gracePeriod}. Later requests run on their own
     * threads. Closing again does nothing more and reports what the first close did.
     *
     * @return whether every thread of the engine (job threads and store threads) has ended: then no job thread
     *     holds a lock or stores a tile any more (a job its requester runs ends on that thread, its unstarted tiles
     *     abandoned); if not, one WARNING line names those still running (an encoder, a store or a lock provider that
     *     ignores interruption)
     */
    public boolean close(Duration gracePeriod) {
        synchronized (lifecycle) {
            if (!closed) {
                closed = true;
                closedCleanly = stopAll(gracePeriod);
            }
            return closedCleanly;
        }
    }

    /** Stops every job within {@code gracePeriod}, then interrupts what still runs and waits as long again. */
    private boolean stopAll(Duration gracePeriod) {
        jobThreads.close();
        writer.shutdown();
        inFlight.values().forEach(FanoutJob::stop);
        try {
            long deadline = System.nanoTime() + gracePeriod.toNanos();
            boolean ended = jobThreads.awaitEnded(deadline) & writer.awaitEnded(deadline);
            if (!ended) {
                jobThreads.interruptAll();
                writer.shutdownNow();
                long secondDeadline = System.nanoTime() + gracePeriod.toNanos();
                jobThreads.awaitEnded(secondDeadline);
                writer.awaitEnded(secondDeadline);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> running = new ArrayList<>(jobThreads.aliveNames());
        running.addAll(writer.aliveNames());
        if (!running.isEmpty()) {
            LOGGER.warning(String.format(LogMessages.THREADS_LEFT, running.size(), String.join(", ", running)));
        }
        return running.isEmpty();
    }

    /** T on a level whose tiles are not kept: T alone if the settings and the request allow, else its metatile. */
    private TileResponse renderUncached(TileRequest request) throws TileException {
        Metatile rendered = rendersAlone(request) ? request.singleTile() : request.metatile();
        return encodeOnly(render(request, rendered, CachePolicy.NONE), request);
    }

    /** Whether a request on a level whose tiles are not kept renders its tile alone. */
    private boolean rendersAlone(TileRequest request) {
        return request.singleTile() != null && settings.singleTileWhenUncached();
    }

    private TileResponse encodeOnly(InFlightMetatile flight, TileRequest request) throws TileException {
        try {
            return rendered(flight.encodeRequested());
        } finally {
            flight.abandonUnclaimed();
        }
    }

    private TileResponse renderAndFanOut(TileRequest request) throws TileException {
        Metatile metatile = request.metatile();
        boolean interactive = request.mode() == Mode.INTERACTIVE;
        FanoutJob job = interactive ? newJob(metatile) : null;
        boolean onThread = job != null && jobThreads.tryStart(job); // its thread takes the locks while M renders
        InFlightMetatile flight;
        try {
            flight = render(request, metatile, request.cachePolicy());
        } catch (Throwable e) {
            cancel(job, onThread);
            throw e;
        }
        if (flight.cachePolicy() == CachePolicy.NONE) {
            cancel(job, onThread);
            return encodeOnly(flight, request);
        }
        if (!onThread) {
            job = newJob(metatile);
            onThread = interactive && jobThreads.tryStart(job);
        }
        job.attach(flight);
        if (inFlight.putIfAbsent(metatile, job) != null) {
            // only with a lock provider that does not exclude the threads of one process: serve T, store nothing
            cancel(job, onThread);
            return encodeOnly(flight, request);
        }
        byte[] data;
        try {
            data = flight.encodeRequested();
        } catch (Throwable e) { // the job still stores the other tiles, then the failure reaches the caller
            try {
                handOverOrRun(job, onThread, interactive);
            } catch (Throwable later) {
                e.addSuppressed(later);
            }
            throw e;
        }
        handOverOrRun(job, onThread, interactive);
        return rendered(data);
    }

    private FanoutJob newJob(Metatile metatile) {
        Duration lockTimeout = settings.lockTimeout();
        JobLocks locks = new JobLocks(protocol, metatile, lockProvider, metrics, lockTimeout);
        return new FanoutJob(
                metatile, locks, writer, lockTimeout, metrics, () -> closed, done -> inFlight.remove(metatile, done));
    }

    /**
     * Hands {@code job} to its thread and returns once it is known which of its locks are held, so that M's lock may
     * be released; or, without a thread, runs the job here.
     */
    private void handOverOrRun(FanoutJob job, boolean onThread, boolean interactive) throws TileException {
        if (!onThread) {
            if (interactive && settings.poolSize() > 0 && !closed) {
                metrics.jobRunOnCallerPoolFull();
            }
            int abandoned = job.runOnCaller();
            if (!interactive && abandoned > 0) {
                throw notStored(job, abandoned);
            }
            return;
        }
        if (!job.handOver()) {
            return; // its thread ended at close: served, not stored
        }
        metrics.jobHandedOff();
        try {
            job.locks().awaitDecided();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException(
                    "Interrupted while the tiles of metatile " + job.metatile() + " were being locked", e);
        }
    }

    /**
     * Drops a job that will store nothing; for a job on its thread, waits until that thread has released the locks it
     * took, at most the lock timeout, so that the caller returns with nothing of M held.
     */
    private void cancel(FanoutJob job, boolean onThread) {
        if (job == null) {
            return;
        }
        job.cancel();
        if (onThread) {
            try {
                job.awaitFinished(settings.lockTimeout());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private InFlightMetatile render(TileRequest request, Metatile metatile, CachePolicy requested)
            throws TileException {
        MetatileImage image;
        try {
            image = Objects.requireNonNull(request.renderer().render(metatile), "rendered image");
        } catch (Throwable e) {
            metrics.renderFailed();
            if (Interruptions.isInterruption(e)) {
                Thread.currentThread().interrupt();
            }
            if (e instanceof Error error) {
                throw error; // reaches the caller, whose host logs it
            }
            throw new TileException("Rendering metatile " + metatile + " failed: " + e.getMessage(), e);
        }
        metrics.rendered(image.image().getWidth() * (long) image.image().getHeight());
        CachePolicy policy = image.cachePolicy().orElse(requested);
        return new InFlightMetatile(
                metatile, metatile.indexOf(request.tile()), policy, request.encoder(), image, metrics);
    }

    private static TileResponse rendered(byte[] data) {
        return new TileResponse(data, Source.RENDERED);
    }

    /**
     * T's bytes from the image of {@code job}, or {@code null} if they cannot be had in time, or if the render found M
     * to be cached only transiently while T was to be stored: then T is rendered again, as on GeoServer's path, where
     * each such request's GetMap gives its answer the warnings and caching headers that go with it.
     */
    private TileResponse fromInFlight(FanoutJob job, TileRequest request) throws TileException {
        if (job.flight().cachePolicy() != request.cachePolicy()) {
            return null;
        }
        try {
            byte[] data =
                    job.flight().bytesForRequest(request.metatile().indexOf(request.tile()), settings.lockTimeout());
            return data == null ? null : new TileResponse(data, Source.IN_FLIGHT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while waiting for tile " + request.tile(), e);
        }
    }

    /**
     * For seeding: waits for {@code job} to finish, however long it waits for its turn (warning each lock timeout) or for its
     * writes; gives up only when the engine closes.
     */
    private void awaitStored(FanoutJob job) throws TileException {
        try {
            while (!job.awaitFinished(settings.lockTimeout())) {
                if (closed) {
                    throw new TileException("The engine closed while metatile " + job.metatile()
                            + " was being stored; seeding cannot tell that its tiles are stored");
                }
            }
            if (job.tilesAbandoned() > 0) {
                throw notStored(job, job.tilesAbandoned());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while waiting for metatile " + job.metatile(), e);
        }
    }

    private static TileException notStored(FanoutJob job, int abandoned) {
        return new TileException(abandoned + " tiles of metatile " + job.metatile() + " were not stored: the engine"
                + " closed, or the threads encoding them did not finish within the lock timeout");
    }

    /**
     * A stored tile. For seeding, first waits until no job of any process is still storing the metatile:
     * it takes and releases the lock of each other tile ({@link LockProtocol#TILE_LOCKS}), or M's lock and
     * then its storing lock ({@link LockProtocol#STORING_LOCK}; nothing more if T was just found while
     * holding them).
     */
    private TileResponse cacheHit(StoredTile stored, TileRequest request, boolean foundWhileNothingStores)
            throws TileException {
        if (request.mode() == Mode.SEEDING) {
            Metatile metatile = request.metatile();
            if (protocol == LockProtocol.TILE_LOCKS) {
                for (int i = 0; i < metatile.tileCount(); i++) {
                    TileKey sibling = metatile.tile(i);
                    if (metatile.isCovered(i) && !sibling.equals(request.tile())) {
                        waitForLock(sibling.lockKey());
                    }
                }
            } else if (!foundWhileNothingStores) {
                LockProvider.Lock metatileLock = acquire(metatile.lockKey());
                try {
                    waitForLock(metatile.storingLockKey());
                } finally {
                    LockRelease.logged(metatileLock, metatile.lockKey(), metrics);
                }
            }
        }
        return new TileResponse(stored.data(), Source.CACHE, stored.createdMillis());
    }

    /**
     * Looks T up again, under M's lock, while holding the lock a job storing T holds: T's own ({@link
     * LockProtocol#TILE_LOCKS}) or M's storing lock ({@link LockProtocol#STORING_LOCK}), so that a job of
     * any process that is still storing T is waited for, at most the lock timeout.
     */
    private StoredTile lookupWhileNothingStores(TileRequest request, CachePolicy policy) throws TileException {
        String key = protocol == LockProtocol.TILE_LOCKS
                ? request.tile().lockKey()
                : request.metatile().storingLockKey();
        LockProvider.Lock lock = acquire(key);
        try {
            return lookup(request.tile(), policy);
        } finally {
            LockRelease.logged(lock, key, metrics);
        }
    }

    /** Takes and releases the lock of {@code key}: returns once nobody held it, at most the lock timeout. */
    private void waitForLock(String key) throws TileException {
        LockRelease.logged(acquire(key), key, metrics);
    }

    private StoredTile lookup(TileKey tile, CachePolicy policy) {
        try {
            return policy == CachePolicy.TRANSIENT ? store.getTransient(tile) : store.get(tile);
        } catch (IOException | RuntimeException e) {
            metrics.lookupFailed();
            LOGGER.log(Level.WARNING, String.format(LogMessages.LOOKUP_FAILED, tile), e);
            return null;
        }
    }

    private LockProvider.Lock acquire(String key) throws TileException {
        long start = System.nanoTime();
        try {
            return lockProvider.acquire(key, settings.lockTimeout());
        } catch (LockTimeoutException e) {
            metrics.lockFailed();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while waiting for lock '" + key + "'", e);
        } catch (RuntimeException e) {
            metrics.lockFailed();
            throw new LockTimeoutException(key, e);
        } finally {
            metrics.lockWaited(System.nanoTime() - start);
        }
    }
}
