package io.github.metatilefanout.benchmark;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** What the object store benchmarks vary: the store's latency and the engine's store threads. */
@State(Scope.Benchmark)
public abstract class ObjectStoreBenchmark {

    /** ms Toxiproxy holds every request to the store. */
    @Param({"0"})
    public int latency;

    /** The engine's store threads; 0 writes each tile on its job's thread. */
    @Param({"16"})
    public int storeThreads;

    ObjectStoreHarness harness;

    void openHarness() throws Exception {
        harness = ObjectStoreHarness.open(latency, storeThreads);
    }
}
