package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.FanoutMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;

/**
 * The engine's {@link FanoutMetrics} as Micrometer meters named {@value #PREFIX}{@code .*}: counters for what
 * the engine has done, gauges for its pool now. The same figures as the JMX MBean, for GeoServer Cloud's
 * actuator and Prometheus endpoints.
 */
public final class FanoutMeterBinder implements MeterBinder {

    /** The common prefix of the meters' names. */
    public static final String PREFIX = "metatile.fanout";

    private final GeoServerFanout fanout;

    public FanoutMeterBinder(GeoServerFanout fanout) {
        this.fanout = fanout;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FanoutMetrics metrics = fanout.metrics();
        Meters meters = new Meters(registry, metrics);
        meters.counter("renders", "metatiles rendered (GetMaps)", FanoutMetrics::getRenders);
        meters.counter("pixels.rendered", "pixels rendered, gutters included", FanoutMetrics::getPixelsRendered);
        meters.counter("tiles.stored", "tiles stored", FanoutMetrics::getTilesStored);
        String encoded = "tiles encoded, by the thread that encoded them";
        meters.counter("tiles.encoded", encoded, FanoutMetrics::getTilesEncodedOnRequestThread, "thread", "request");
        meters.counter("tiles.encoded", encoded, FanoutMetrics::getTilesEncodedOnPool, "thread", "pool");
        meters.counter("tiles.encoded", encoded, FanoutMetrics::getTilesEncodedOnCaller, "thread", "caller");
        meters.counter("jobs.handed.off", "metatile jobs handed to the pool", FanoutMetrics::getJobsHandedOff);
        meters.counter(
                "jobs.pool.full",
                "metatile jobs run on the request thread as the pool and its queue were full",
                FanoutMetrics::getJobsRunOnCallerPoolFull);
        meters.counter(
                "tiles.abandoned",
                "tiles of jobs never encoded: engine closed, locks not known in time, interrupted, internal failure",
                FanoutMetrics::getTilesAbandoned);
        String failures = "failures, by the stage that failed";
        meters.counter("failures", failures, FanoutMetrics::getRenderFailures, "stage", "render");
        meters.counter("failures", failures, FanoutMetrics::getEncodeFailures, "stage", "encode");
        meters.counter("failures", failures, FanoutMetrics::getStoreFailures, "stage", "store");
        meters.counter("failures", failures, FanoutMetrics::getLockFailures, "stage", "lock");
        meters.counter("failures", failures, FanoutMetrics::getLockReleaseFailures, "stage", "lock_release");
        meters.counter("failures", failures, FanoutMetrics::getLookupFailures, "stage", "lookup");
        meters.counter("failures", failures, FanoutMetrics::getDisposeFailures, "stage", "dispose");
        meters.counter("failures", failures, FanoutMetrics::getInternalFailures, "stage", "internal");
        meters.counter(
                "lock.operations",
                "operations asked of the lock provider: acquisitions and releases",
                FanoutMetrics::getLockOperations);
        FunctionCounter.builder(PREFIX + ".lock.wait", metrics, m -> m.getLockWaitMillis() / 1000.0)
                .description("time spent waiting for locks")
                .baseUnit("seconds")
                .register(registry);
        meters.gauge(
                "locks.held",
                "locks the engine holds now; above 0 while no request runs, a lock was left held",
                FanoutMetrics::getLocksHeld);
        meters.gauge("pool.size", "threads in the pool", FanoutMetrics::getPoolSize);
        meters.gauge("pool.active", "pool threads at work", FanoutMetrics::getActiveThreads);
        meters.gauge("queue.depth", "metatile jobs waiting for a pool thread", FanoutMetrics::getQueueDepth);
        meters.gauge(
                "metatiles.in.flight",
                "metatiles rendered whose jobs have not finished: queued, or their tiles being encoded or stored",
                FanoutMetrics::getMetatilesInFlight);
        meters.gauge("images.alive", "metatile images held in memory", FanoutMetrics::getMetatileImagesAlive);
        meters.gauge(
                "images.alive.peak",
                "most metatile images held in memory at once",
                FanoutMetrics::getPeakMetatileImagesAlive);
    }

    /** Registers meters over one metrics object in one registry. */
    private record Meters(MeterRegistry registry, FanoutMetrics metrics) {

        /** A function counter; {@code tags} are key, value pairs. */
        void counter(String name, String description, ToDoubleFunction<FanoutMetrics> count, String... tags) {
            FunctionCounter.builder(PREFIX + "." + name, metrics, count)
                    .description(description)
                    .tags(tags)
                    .register(registry);
        }

        void gauge(String name, String description, ToDoubleFunction<FanoutMetrics> value) {
            Gauge.builder(PREFIX + "." + name, metrics, value)
                    .description(description)
                    .register(registry);
        }
    }
}
