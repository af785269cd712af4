package io.github.metatilefanout.engine;

/** The engine's counters and gauges, as a JMX MXBean. Counters count since the engine started. */
public interface FanoutMetricsMXBean {

    /** Metatiles rendered. */
    long getRenders();

    /** Pixels of the images rendered, gutters included: divided by the tiles served, the render work per tile. */
    long getPixelsRendered();

    /** Tiles encoded on a request thread: the tile asked for, or a sibling of a metatile in flight. */
    long getTilesEncodedOnRequestThread();

    /** Tiles encoded on a pool thread. */
    long getTilesEncodedOnPool();

    /**
     * Tiles encoded on the calling thread for a job it ran itself: seeding, pool off, or every job slot taken.
     */
    long getTilesEncodedOnCaller();

    /** Metatile jobs handed to the pool (to a thread or its queue): their requests did not wait for them. */
    long getJobsHandedOff();

    /**
     * Metatile jobs a request ran itself because every job slot (pool size + queue bound) was taken, or no thread could
     * be started.
     */
    long getJobsRunOnCallerPoolFull();

    /**
     * Tiles of metatile jobs that were never encoded or written, so not stored: the engine was closed, the job waited a
     * whole lock timeout for a turn to encode, its thread was interrupted, or the engine's own code failed (see {@link #getInternalFailures()}).
     */
    long getTilesAbandoned();

    /** Tiles put into the tile store or its transient cache. */
    long getTilesStored();

    /** Metatiles that failed to render. */
    long getRenderFailures();

    /** Tiles that failed to encode. */
    long getEncodeFailures();

    /** Tiles that failed to be stored. */
    long getStoreFailures();

    /**
     * Locks not obtained: a metatile or tile lock on the request path (the request failed), or a tile lock
     * of a job (that tile is served but not stored).
     */
    long getLockFailures();

    /** Lock releases that failed (logged; the job went on with its other tiles). */
    long getLockReleaseFailures();

    /** Tile lookups in the tile store that failed (logged; the tile was rendered instead). */
    long getLookupFailures();

    /** Metatile images whose disposal failed (logged). */
    long getDisposeFailures();

    /**
     * Failures of the engine's own code caught on its threads (logged SEVERE with a stack trace); anything
     * but 0 is a bug to report.
     */
    long getInternalFailures();

    /** All failures: render, encode, store, lock, lock release, lookup, disposal and internal. */
    long getFailures();

    /** Total time spent waiting for locks, in milliseconds. */
    long getLockWaitMillis();

    /**
     * Operations asked of the lock provider: acquisitions (obtained or not) and releases. When the provider
     * is shared by several processes, each is a round trip; see {@link LockProtocol} for the count per
     * metatile.
     */
    long getLockOperations();

    /**
     * {@link #getLockOperations()} divided by {@link #getRenders()}, 0 before the first render: the lock
     * cost of a rendered metatile, including the waits of requests that found their tile stored after
     * waiting (6 per metatile with {@link LockProtocol#STORING_LOCK} and no such wait).
     */
    double getLockOperationsPerRender();

    /**
     * Locks the engine holds now, for requests, jobs and their lock holders; 0 when no tile is being served. A
     * figure that stays above 0 while no request runs is a lock left held, or one whose release failed ({@link
     * #getLockReleaseFailures()}).
     */
    int getLocksHeld();

    /** Configured pool size; 0 when the pool is off. */
    int getPoolSize();

    /** Pool threads running a job or helping one now. */
    int getActiveThreads();

    /** Metatile jobs waiting for a busy pool thread now, at most the queue bound. */
    int getQueueDepth();

    /** Metatile images rendered and not yet disposed. */
    int getMetatileImagesAlive();

    /** The highest {@link #getMetatileImagesAlive()} seen. */
    int getPeakMetatileImagesAlive();

    /**
     * Metatiles rendered whose jobs have not finished: their tiles are waiting in the queue, being encoded or
     * being stored.
     */
    int getMetatilesInFlight();
}
