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
import java.util.concurrent.CopyOnWriteArrayList;
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
 *   <li>if M is being processed in this process, T's bytes are taken from its image: encoded on this
 *       thread if nobody has started T (or if T failed, was abandoned, or takes longer than the lock
 *       timeout elsewhere), otherwise awaited from the thread encoding it; unless M's render found its tiles
 *       to be kept only transiently while T's were to be stored;
 *   <li>otherwise M's lock is taken, then, while T is looked up again, T's lock ({@link
 *       LockProtocol#TILE_LOCKS}) or M's storing lock ({@link LockProtocol#STORING_LOCK}): a job of any
 *       process still storing T holds it;
 *   <li>M is rendered on this thread and registered as in flight, with T claimed for this thread; while
 *       it renders, a {@link LockHolder} thread of the job's own, if the pool has one free, takes the
 *       job's locks (every tile lock of M, or M's storing lock), so that a lock provider a round trip away
 *       adds little to the first tile;
 *   <li>this thread encodes T; then, if the job's locks are on a holder and the pool has a free thread or a
 *       free place in its queue, the job goes there (not before: on few cores, pool threads encoding the other
 *       tiles would slow the encode the answer waits for); this thread waits until it is known which of the
 *       job's locks are held (at most until the lock timeout after the job was created); if every pool thread was
 *       busy, it encodes the job's tiles while the job waits in the queue; then it releases M's lock and answers.
 *       It never waits for a pool thread, nor for another job's locks;
 *   <li>otherwise (pool off or full, no holder free, or seeding) this thread runs the job itself and takes
 *       and releases its locks itself: every tile is stored when the call returns.
 * </ol>
 *
 * <p>A {@linkplain Mode#SEEDING seeding} call returns only once every tile of M is stored (or has failed,
 * logged and counted), even when M was already being processed for an interactive request: it waits for
 * that job, or runs it itself if no pool thread has started it; when T is stored already, it still waits
 * until no job of any process is storing M: it takes the lock of every other tile of M in turn ({@link
 * LockProtocol#TILE_LOCKS}), or M's lock and then its storing lock ({@link LockProtocol#STORING_LOCK}).
 *
 * <p><b>Ownership.</b> The caller of {@link #getTile} owns M's lock and the lock it takes to look T up
 * again (T's, or M's storing lock) and always releases them itself before returning; a job's locks belong
 * to its {@link JobLocks} holder, which takes and releases them on one thread. {@link #inFlight} holds at most
 * one job per metatile, from its registration under M's lock until it has finished; {@link #pool} and {@link
 * #retiredPools} change only under {@link #lifecycle}. Every wait of the engine on another thread is at most the
 * lock timeout; {@link #close(Duration)} at most twice its grace period.
 */
public final class FanoutEngine implements AutoCloseable {

    private static final Logger LOGGER = Logger.getLogger(FanoutEngine.class.getName());

    private final LockProvider lockProvider;
    private final LockProtocol protocol;
    private final TileStore store;
    private final ConcurrentHashMap<Metatile, FanoutJob> inFlight = new ConcurrentHashMap<>();
    private final AtomicReference<FanoutPool> pool = new AtomicReference<>();
    private final List<FanoutPool> retiredPools = new CopyOnWriteArrayList<>();
    private final FanoutMetrics metrics;
    private volatile FanoutSettings settings;
    private volatile boolean closed;
    /** Guards {@link #pool}'s replacement, {@link #retiredPools} and {@link #closedCleanly}. */
    private final Object lifecycle = new Object();
    /** What the first {@link #close} reported. */
    private boolean closedCleanly;

    /**
     * @param lockProvider where every lock comes from; shared by the processes that share {@code store}
     * @param protocol which locks are taken: every process sharing the provider must use the same one
     */
    public FanoutEngine(LockProvider lockProvider, LockProtocol protocol, TileStore store, FanoutSettings settings) {
        Objects.requireNonNull(lockProvider, "lockProvider");
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.store = Objects.requireNonNull(store, "store");
        this.metrics = new FanoutMetrics(
                () -> this.settings.poolSize(),
                () -> poolGauge(FanoutPool::activeThreads),
                () -> poolGauge(FanoutPool::queueDepth),
                inFlight::size);
        this.lockProvider = new CountedLockProvider(lockProvider, metrics);
        reconfigure(settings);
    }

    /**
     * The tile asked for: from the store, from a metatile in flight, or rendered.
     *
     * @throws TileException if the metatile failed to render or T failed to encode, a lock was not
     *     obtained (its timeout passed or the lock provider failed), a seeding call could not see M's tiles
     *     stored in time, or the thread was interrupted (its interrupt flag is kept)
     */
    public TileResponse getTile(TileRequest request) throws TileException {
        CachePolicy policy = request.cachePolicy();
        if (policy == CachePolicy.NONE) {
            return renderUncached(request);
        }
        boolean seeding = request.mode() == Mode.SEEDING;
        StoredTile cached = lookup(request.tile(), policy);
        if (cached == null && policy == CachePolicy.TRANSIENT && rendersAlone(request)) {
            return renderUncached(request);
        }
        FanoutJob job = inFlight.get(request.metatile());
        if (job != null) {
            if (seeding) {
                awaitStored(job);
                cached = cached != null ? cached : lookup(request.tile(), policy);
            } else if (cached == null) {
                TileResponse shared = fromInFlight(job, request);
                if (shared != null) {
                    return shared;
                }
            }
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
     * Applies new settings: new work goes to a new pool, the old one completes what it has and ends its
     * threads. Settings equal to the current ones change nothing.
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
        if (newSettings.equals(settings)) {
            return;
        }
        FanoutSettings previous = this.settings;
        this.settings = newSettings;
        FanoutPool fresh = newSettings.poolSize() == 0
                ? null
                : new FanoutPool(newSettings.poolSize(), newSettings.queueBound(), FanoutPool.KEEP_ALIVE, metrics);
        FanoutPool old = pool.getAndSet(fresh);
        retiredPools.removeIf(FanoutPool::isTerminated);
        if (old != null) {
            old.shutdown();
            retiredPools.add(old);
        }
        if (previous == null
                || previous.poolSize() != newSettings.poolSize()
                || previous.queueBound() != newSettings.queueBound()) {
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

    /** Closes the engine, giving tiles being encoded up to the lock timeout: see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(settings.lockTimeout());
    }

    /**
     * Closes the engine: the pools take no more work; every job, those run by their callers included,
     * abandons the tiles whose encoding has not started (none starts after this returns) and releases
     * their locks; tiles being encoded get up to {@code gracePeriod} to complete and be stored, then the
     * engine's threads are interrupted and get {@code gracePeriod} more: it returns within twice {@code
     * gracePeriod}, whatever the jobs wait for. Later requests run synchronously. Closing again does nothing more
     * and reports what the first close did.
     *
     * @return whether every thread of the engine (pool threads and lock holders, of retired pools too) has
     *     ended; if not, one WARNING line names those still running (an encoder, a store or a lock provider
     *     that ignores interruption)
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

    /** Stops every pool within {@code gracePeriod}, then interrupts what still runs and waits as long again. */
    private boolean stopAll(Duration gracePeriod) {
        List<FanoutPool> pools = new ArrayList<>(retiredPools);
        FanoutPool current = pool.getAndSet(null);
        if (current != null) {
            pools.add(current);
        }
        retiredPools.clear();
        inFlight.values().forEach(FanoutJob::stop);
        long deadline = System.nanoTime() + gracePeriod.toNanos();
        try {
            for (FanoutPool each : pools) {
                each.stop().forEach(job -> job.abandonIfQueued(deadline));
            }
            boolean ended = true;
            for (FanoutPool each : pools) {
                ended &= each.awaitTermination(deadline);
            }
            if (!ended) {
                pools.forEach(FanoutPool::interruptThreads);
                long secondDeadline = System.nanoTime() + gracePeriod.toNanos();
                for (FanoutPool each : pools) {
                    each.awaitTermination(secondDeadline);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> running =
                pools.stream().flatMap(each -> each.aliveThreadNames().stream()).toList();
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
            return rendered(flight.encodeRequested(), request);
        } finally {
            flight.abandonUnclaimed();
        }
    }

    private TileResponse renderAndFanOut(TileRequest request) throws TileException {
        Metatile metatile = request.metatile();
        Duration lockTimeout = settings.lockTimeout();
        JobLocks jobLocks = jobLocks(request, metatile, lockTimeout); // on a holder: taken while M renders
        InFlightMetatile flight;
        try {
            flight = render(request, metatile, request.cachePolicy());
        } catch (Throwable e) {
            giveBack(jobLocks);
            throw e;
        }
        if (flight.cachePolicy() == CachePolicy.NONE) {
            giveBack(jobLocks);
            return encodeOnly(flight, request);
        }
        FanoutJob job = new FanoutJob(
                flight, jobLocks, store, lockTimeout, metrics, finished -> inFlight.remove(metatile, finished));
        if (inFlight.putIfAbsent(metatile, job) != null) {
            // only with a lock provider that does not exclude the threads of one process: serve T, store nothing
            job.discard();
            return encodeOnly(flight, request);
        }
        byte[] data;
        try {
            data = flight.encodeRequested();
        } catch (Throwable e) { // an Error: the job still stores the other tiles, then it goes to the caller
            try {
                handOffOrRun(job, request);
            } catch (Throwable later) {
                e.addSuppressed(later);
            }
            throw e;
        }
        handOffOrRun(job, request);
        return rendered(data, request);
    }

    /**
     * The locks of the job about to render M: taken by a lock holder of the job's own from now on if the pool has
     * one free (interactive requests only), else by the thread that will run the job, this one.
     */
    private JobLocks jobLocks(TileRequest request, Metatile metatile, Duration lockTimeout) {
        FanoutPool currentPool = request.mode() == Mode.SEEDING ? null : pool.get();
        LockHolder holder = currentPool == null ? null : currentPool.tryReserveHolder();
        JobLocks onHolder = holder == null
                ? null
                : JobLocks.takenOn(holder, protocol, metatile, lockProvider, metrics, lockTimeout);
        return onHolder != null ? onHolder : JobLocks.takenByOwner(protocol, metatile, lockProvider, metrics);
    }

    /**
     * Hands {@code job} to the pool if its locks are on a holder and the pool has room, or runs it here; returns
     * once the job's locks are held, so that M's lock may be released (for seeding, once every tile is stored).
     */
    private void handOffOrRun(FanoutJob job, TileRequest request) throws TileException {
        FanoutPool currentPool = pool.get();
        boolean queued = currentPool != null && !currentPool.hasFreeThread();
        boolean handedOff = job.locks().onLockHolder() && currentPool != null && currentPool.trySubmit(job);
        if (handedOff) {
            metrics.jobHandedOff();
            currentPool.offerHelp(job);
        } else if (currentPool != null && request.mode() != Mode.SEEDING) {
            metrics.jobRunOnCallerPoolFull();
        }
        if (handedOff || !runOnCaller(job, currentPool, request)) {
            // handed off, or taken over by a seeding request: its locks must be held before M's is released
            awaitJobLocks(job.locks(), job.flight().metatile(), settings.lockTimeout());
            if (handedOff && queued) {
                job.encodeWhileQueued();
            } else if (!handedOff && request.mode() == Mode.SEEDING) {
                awaitStored(job);
            }
        }
    }

    /** Runs {@code job} here, helped by the pool's threads if a client waits for it; returns whether this call ran it. */
    private static boolean runOnCaller(FanoutJob job, FanoutPool pool, TileRequest request) {
        return pool != null && request.mode() != Mode.SEEDING ? pool.runAwaited(job) : job.runOnCaller();
    }

    /**
     * Releases the locks of a job that will not run, once its holder has stopped taking them, and waits
     * for that, at most the lock timeout, so that the caller returns with nothing of M held.
     */
    private void giveBack(JobLocks jobLocks) {
        jobLocks.stopAcquiring();
        jobLocks.releaseAll();
        try {
            jobLocks.awaitReleased(settings.lockTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits, before M's lock is released, until the job's holder has tried every lock of the job, at most
     * the lock timeout; then tells it to take no more.
     */
    private static void awaitJobLocks(JobLocks jobLocks, Metatile metatile, Duration lockTimeout) throws TileException {
        try {
            jobLocks.awaitAcquired(lockTimeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException("Interrupted while the tiles of metatile " + metatile + " were being locked", e);
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
                LOGGER.log(Level.SEVERE, String.format(LogMessages.RENDER_FAILED, metatile), error);
                throw error;
            }
            throw new TileException("Rendering metatile " + metatile + " failed: " + e.getMessage(), e);
        }
        metrics.rendered(image.image().getWidth() * (long) image.image().getHeight());
        CachePolicy policy = image.cachePolicy().orElse(requested);
        return new InFlightMetatile(
                metatile, metatile.indexOf(request.tile()), policy, request.encoder(), image, metrics);
    }

    private static TileResponse rendered(byte[] data, TileRequest request) throws TileException {
        if (data == null) {
            throw new TileException("Encoding tile " + request.tile() + " failed");
        }
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

    /** For seeding: returns once {@code job} has finished, running it here if no pool thread has started it. */
    private void awaitStored(FanoutJob job) throws TileException {
        if (job.runOnCaller()) {
            return;
        }
        Duration timeout = settings.lockTimeout();
        try {
            if (!job.awaitFinished(timeout)) {
                throw new TileException("Metatile " + job.flight().metatile() + " was still being stored after "
                        + timeout.toMillis() + " ms; seeding cannot tell that its tiles are stored");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TileException(
                    "Interrupted while waiting for metatile " + job.flight().metatile(), e);
        }
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
        if (policy == CachePolicy.TRANSIENT) {
            return store.getTransient(tile);
        }
        try {
            return store.get(tile);
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

    private int poolGauge(ToIntFunction<FanoutPool> gauge) {
        FanoutPool current = pool.get();
        return current == null ? 0 : gauge.applyAsInt(current);
    }
}
