package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutMetricsMXBean;

/** Metrics with fixed, distinct values, so that a test can tell which one is shown where. */
final class StubMetrics implements FanoutMetricsMXBean {

    private final int poolSize;

    StubMetrics(int poolSize) {
        this.poolSize = poolSize;
    }

    @Override
    public int getPoolSize() {
        return poolSize;
    }

    @Override
    public int getActiveThreads() {
        return Math.min(3, poolSize);
    }

    @Override
    public int getQueueDepth() {
        return 7;
    }

    @Override
    public long getTilesEncodedOnRequestThread() {
        return 1101;
    }

    @Override
    public long getTilesEncodedOnPool() {
        return 2202;
    }

    @Override
    public long getTilesEncodedOnCaller() {
        return 303;
    }

    @Override
    public long getJobsHandedOff() {
        return 41;
    }

    @Override
    public long getJobsRunOnCallerPoolFull() {
        return 44;
    }

    @Override
    public long getTilesAbandoned() {
        return 45;
    }

    @Override
    public long getLockReleaseFailures() {
        return 46;
    }

    @Override
    public long getPixelsRendered() {
        return 0;
    }

    @Override
    public long getLookupFailures() {
        return 0;
    }

    @Override
    public long getDisposeFailures() {
        return 0;
    }

    @Override
    public long getInternalFailures() {
        return 0;
    }

    @Override
    public long getFailures() {
        return 5;
    }

    @Override
    public long getRenders() {
        return 0;
    }

    @Override
    public long getTilesStored() {
        return 0;
    }

    @Override
    public long getRenderFailures() {
        return 0;
    }

    @Override
    public long getEncodeFailures() {
        return 0;
    }

    @Override
    public long getStoreFailures() {
        return 0;
    }

    @Override
    public long getLockFailures() {
        return 0;
    }

    @Override
    public long getLockWaitMillis() {
        return 0;
    }

    @Override
    public long getLockOperations() {
        return 0;
    }

    @Override
    public double getLockOperationsPerRender() {
        return 0;
    }

    @Override
    public int getLocksHeld() {
        return 0;
    }

    @Override
    public int getMetatileImagesAlive() {
        return 0;
    }

    @Override
    public int getPeakMetatileImagesAlive() {
        return 0;
    }

    @Override
    public int getMetatilesInFlight() {
        return 0;
    }
}
