package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.PostgresLockServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@link LoadedFirstTileBenchmark} on two nodes sharing one tile store, as GeoServer Cloud runs them: each
 * with its own node of Spring Integration's {@code JdbcLockRegistry} on an embedded PostgreSQL (on port
 * {@value #PORT_PROPERTY}, 0 for a free one), requests going to the nodes in turn. Run: {@code java -jar
 * benchmark/target/benchmarks.jar full Cluster}.
 */
public class ClusterBenchmark extends LoadedFirstTileBenchmark {

    static final String PORT_PROPERTY = "benchmark.postgresPort";

    /** How long a node's lock lives before another may take it: GeoServer Cloud's 30 s. */
    static final Duration TIME_TO_LIVE = Duration.ofSeconds(30);

    private PostgresLockServer registry;

    @Override
    void setUp(Map<String, String> params) throws Exception {
        registry = PostgresLockServer.start(Integer.getInteger(PORT_PROPERTY, 0));
        super.setUp(params);
    }

    @Override
    List<LockProvider> nodes(Strategy strategy) {
        return List.of(
                registry.node(strategy + "-node-1", TIME_TO_LIVE), registry.node(strategy + "-node-2", TIME_TO_LIVE));
    }

    PostgresLockServer registry() {
        return registry;
    }

    @Override
    void closeNodes() throws Exception {
        registry.close();
    }
}
