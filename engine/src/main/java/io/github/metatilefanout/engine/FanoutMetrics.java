package io.github.metatilefanout.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/** What the engine has done and is doing; cheap to update from any thread. */
public final class FanoutMetrics implements FanoutMetricsMXBean {

    /** Where a tile was encoded. */
    enum EncodedOn {
        REQUEST_THREAD,
        POOL,
        CALLER
    }

    private final LongAdder renders = new LongAdder();
    private final LongAdder pixelsRendered = new LongAdder();
    private final LongAdder encodedOnRequestThread = new LongAdder();
    private final LongAdder encodedOnPool = new LongAdder();
    private final LongAdder encodedOnCaller = new LongAdder();
    private final LongAdder jobsHandedOff = new LongAdder();
    private final LongAdder jobsRunOnCallerPoolFull = new LongAdder();
    private final LongAdder tilesAbandoned = new LongAdder();
    private final LongAdder lockReleaseFailures = new LongAdder();
    private final LongAdder tilesStored = new LongAdder();
    private final LongAdder renderFailures = new LongAdder();
    private final LongAdder encodeFailures = new LongAdder();
    private final LongAdder storeFailures = new LongAdder();
    private final LongAdder lockFailures = new LongAdder();
    private final LongAdder lookupFailures = new LongAdder();
    private final LongAdder disposeFailures = new LongAdder();
    private final LongAdder internalFailures = new LongAdder();
    private final LongAdder lockWaitNanos = new LongAdder();
    private final LongAdder lockOperations = new LongAdder();
    private final AtomicInteger locksHeld = new AtomicInteger();
    private final AtomicInteger imagesAlive = new AtomicInteger();
    private final AtomicInteger peakImagesAlive = new AtomicInteger();
    private final IntSupplier poolSize;
    private final IntSupplier activeThreads;
    private final IntSupplier queueDepth;
    private final IntSupplier metatilesInFlight;

    FanoutMetrics(
            IntSupplier poolSize, IntSupplier activeThreads, IntSupplier queueDepth, IntSupplier metatilesInFlight) {
        this.poolSize = poolSize;
        this.activeThreads = activeThreads;
        this.queueDepth = queueDepth;
        this.metatilesInFlight = metatilesInFlight;
    }

    void rendered(long pixels) {
        renders.increment();
        pixelsRendered.add(pixels);
        int alive = imagesAlive.incrementAndGet();
        peakImagesAlive.accumulateAndGet(alive, Math::max);
    }

    void imageDisposed() {
        imagesAlive.decrementAndGet();
    }

    void encoded(EncodedOn where) {
        switch (where) {
            case REQUEST_THREAD -> encodedOnRequestThread.increment();
            case POOL -> encodedOnPool.increment();
            case CALLER -> encodedOnCaller.increment();
        }
    }

    void jobHandedOff() {
        jobsHandedOff.increment();
    }

    void tilesAbandoned(int count) {
        tilesAbandoned.add(count);
    }

    void lockReleaseFailed() {
        lockReleaseFailures.increment();
    }

    void jobRunOnCallerPoolFull() {
        jobsRunOnCallerPoolFull.increment();
    }

    void stored() {
        tilesStored.increment();
    }

    void renderFailed() {
        renderFailures.increment();
    }

    void encodeFailed() {
        encodeFailures.increment();
    }

    void storeFailed() {
        storeFailures.increment();
    }

    void lockFailed() {
        lockFailures.increment();
    }

    void lockFailed(int count) {
        lockFailures.add(count);
    }

    void lookupFailed() {
        lookupFailures.increment();
    }

    void disposeFailed() {
        disposeFailures.increment();
    }

    void internalFailure() {
        internalFailures.increment();
    }

    void lockWaited(long nanos) {
        lockWaitNanos.add(nanos);
    }

    void lockOperation() {
        lockOperations.increment();
    }

    void lockTaken() {
        locksHeld.incrementAndGet();
    }

    void lockReleased() {
        locksHeld.decrementAndGet();
    }

    @Override
    public long getRenders() {
        return renders.sum();
    }

    @Override
    public long getPixelsRendered() {
        return pixelsRendered.sum();
    }

    @Override
    public long getTilesEncodedOnRequestThread() {
        return encodedOnRequestThread.sum();
    }

    @Override
    public long getTilesEncodedOnPool() {
        return encodedOnPool.sum();
    }

    @Override
    public long getTilesEncodedOnCaller() {
        return encodedOnCaller.sum();
    }

    @Override
    public long getJobsRunOnCallerPoolFull() {
        return jobsRunOnCallerPoolFull.sum();
    }

    @Override
    public long getJobsHandedOff() {
        return jobsHandedOff.sum();
    }

    @Override
    public long getTilesAbandoned() {
        return tilesAbandoned.sum();
    }

    @Override
    public long getLockReleaseFailures() {
        return lockReleaseFailures.sum();
    }

    @Override
    public long getTilesStored() {
        return tilesStored.sum();
    }

    @Override
    public long getRenderFailures() {
        return renderFailures.sum();
    }

    @Override
    public long getEncodeFailures() {
        return encodeFailures.sum();
    }

    @Override
    public long getStoreFailures() {
        return storeFailures.sum();
    }

    @Override
    public long getLockFailures() {
        return lockFailures.sum();
    }

    @Override
    public long getLookupFailures() {
        return lookupFailures.sum();
    }

    @Override
    public long getDisposeFailures() {
        return disposeFailures.sum();
    }

    @Override
    public long getInternalFailures() {
        return internalFailures.sum();
    }

    @Override
    public long getFailures() {
        return getRenderFailures()
                + getEncodeFailures()
                + getStoreFailures()
                + getLockFailures()
                + getLockReleaseFailures()
                + getLookupFailures()
                + getDisposeFailures()
                + getInternalFailures();
    }

    @Override
    public long getLockWaitMillis() {
        return TimeUnit.NANOSECONDS.toMillis(lockWaitNanos.sum());
    }

    @Override
    public long getLockOperations() {
        return lockOperations.sum();
    }

    @Override
    public double getLockOperationsPerRender() {
        long rendered = renders.sum();
        return rendered == 0 ? 0 : (double) lockOperations.sum() / rendered;
    }

    @Override
    public int getLocksHeld() {
        return locksHeld.get();
    }

    @Override
    public int getPoolSize() {
        return poolSize.getAsInt();
    }

    @Override
    public int getActiveThreads() {
        return activeThreads.getAsInt();
    }

    @Override
    public int getQueueDepth() {
        return queueDepth.getAsInt();
    }

    @Override
    public int getMetatileImagesAlive() {
        return imagesAlive.get();
    }

    @Override
    public int getPeakMetatileImagesAlive() {
        return peakImagesAlive.get();
    }

    @Override
    public int getMetatilesInFlight() {
        return metatilesInFlight.getAsInt();
    }
}
