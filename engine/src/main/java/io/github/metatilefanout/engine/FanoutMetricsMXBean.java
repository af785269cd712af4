package io.github.metatilefanout.engine;

/** The engine's counters and gauges, as a JMX MXBean. Counters count since the engine started. */
public interface FanoutMetricsMXBean {

    /** Metatiles rendered. */
    long getRenders();

    /** Tiles encoded on a request thread: the tile asked for, or a sibling of a metatile in flight. */
    long getTilesEncodedOnRequestThread();

    /** Tiles encoded on a pool thread. */
    long getTilesEncodedOnPool();

    /** Tiles encoded on the calling thread for a job it ran itself: seeding, pool off, or pool and queue full. */
    long getTilesEncodedOnCaller();

    /** Jobs the requesting thread ran itself because the pool and its queue were full. */
    long getJobsRunOnCallerPoolFull();

    /** Tiles put into the tile store or its transient cache. */
    long getTilesStored();

    /** Metatiles that failed to render. */
    long getRenderFailures();

    /** Tiles that failed to encode. */
    long getEncodeFailures();

    /** Tiles that failed to be stored. */
    long getStoreFailures();

    /** Tile locks a job could not obtain in time (those tiles are served but not stored). */
    long getLockFailures();

    /** All failures: render, encode, store and lock. */
    long getFailures();

    /** Total time spent waiting for locks, in milliseconds. */
    long getLockWaitMillis();

    /** Configured pool size; 0 when the pool is off. */
    int getPoolSize();

    /** Pool threads working now. */
    int getActiveThreads();

    /** Jobs waiting for a pool thread now. */
    int getQueueDepth();

    /** Metatile images rendered and not yet disposed. */
    int getMetatileImagesAlive();

    /** The highest {@link #getMetatileImagesAlive()} seen. */
    int getPeakMetatileImagesAlive();

    /** Metatiles whose tiles are being encoded or stored. */
    int getMetatilesInFlight();
}
