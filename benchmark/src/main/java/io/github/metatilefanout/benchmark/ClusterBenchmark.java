package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.cluster.PostgresLocks;
import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@link LoadedFirstTileBenchmark} on two nodes sharing one tile store, as GeoServer Cloud runs them: each
 * with its own node of Spring Integration's {@code JdbcLockRegistry} on PostgreSQL ({@link PostgresLocks}
 * says which), requests going to the nodes in turn. Run: {@code java -jar benchmark/target/benchmarks.jar
 * full Cluster}.
 */
public class ClusterBenchmark extends LoadedFirstTileBenchmark implements NeedsPostgres {

    /** How long a node's lock lives before another may take it: GeoServer Cloud's 30 s. */
    static final Duration TIME_TO_LIVE = Duration.ofSeconds(30);

    private PostgresLocks registry;

    @Override
    void setUp(Map<String, String> params) throws Exception {
        registry = PostgresLocks.start();
        super.setUp(params);
    }

    @Override
    List<LockProvider> nodes(Strategy strategy) {
        return List.of(
                registry.node(strategy + "-node-1", TIME_TO_LIVE), registry.node(strategy + "-node-2", TIME_TO_LIVE));
    }

    @Override
    void closeNodes() throws Exception {
        registry.close();
    }
}
