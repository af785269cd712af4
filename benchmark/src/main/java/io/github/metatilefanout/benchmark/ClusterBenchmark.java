package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.PostgresLockServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Two nodes sharing a PostgreSQL lock registry and one tile store, as GeoServer Cloud runs them: each
 * strategy serves through two servers in one JVM, each with its own node of Spring Integration's {@code
 * JdbcLockRegistry} (its own client id and connection pool) on an embedded PostgreSQL on 127.0.0.1, the
 * clients' requests going to the nodes in turn. Otherwise as {@link LoadedFirstTileBenchmark}; beside its
 * figures, {@code <strategy>.locks.perMetatile} gives the lock acquisitions and releases per metatile, each
 * a database round trip.
 *
 * <p>The server listens on the port the system property {@value #PORT_PROPERTY} gives, else on a free one.
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar full Cluster}.
 */
public class ClusterBenchmark extends LoadedFirstTileBenchmark {

    /** The system property giving the PostgreSQL server's port. */
    static final String PORT_PROPERTY = "benchmark.postgresPort";

    /** How long a node's lock lives before another node may take it over: GeoServer Cloud's 30 s. */
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

    /** The lock registry's server. */
    PostgresLockServer registry() {
        return registry;
    }

    @Override
    void closeNodes() throws Exception {
        registry.close();
    }
}
