package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.cluster.PostgresLocks;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

/** The cluster scenario on the tests' embedded PostgreSQL, named to the benchmark as a user names a server. */
class ClusterBenchmarkTest {

    @Test
    void twoNodesOnPostgresServeEveryStrategyWithTheLockOperationsEachTakesPerMetatile() throws Exception {
        Map<String, Result> reported;
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setServerConfig("listen_addresses", "127.0.0.1")
                .start()) {
            System.setProperty(PostgresLocks.URL_PROPERTY, postgres.getJdbcUrl("postgres", "postgres"));
            try {
                ClusterBenchmark benchmark = new ClusterBenchmark();
                reported = MeasuredIteration.run(
                        benchmark,
                        Map.of(
                                "strategies", "sequential+upstream-2.27+fanout+fanout-storing-lock",
                                "hits", "0",
                                "metatile", "4x4",
                                "pool", "1",
                                "clients", "2",
                                "format", "png"),
                        1,
                        () -> assertEquals(0, locksHeld(postgres), "locks left in the database"));
            } finally {
                System.clearProperty(PostgresLocks.URL_PROPERTY);
            }
        }

        // every request a miss of a metatile of its own, 16 tiles: acquisitions and releases per metatile
        Map<String, Double> operations = Map.of(
                "sequential", 2.0, // the metatile lock
                "upstream-2.27", 36.0, // the metatile lock, the requested tile's lock, every tile's lock
                "fanout", 36.0, // the same, LockProtocol.TILE_LOCKS
                "fanout-storing-lock", 6.0); // the metatile lock, the storing lock for the look-up and for the job
        operations.forEach((strategy, expected) -> {
            assertEquals(expected, reported.get(strategy + ".locks.perMetatile").getScore(), 1e-9, strategy);
            assertTrue(reported.get(strategy + ".tiles").getScore() > 0, strategy);
        });
    }

    private static int locksHeld(EmbeddedPostgres postgres) {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + PostgresLocks.TABLE)) {
            count.next();
            return count.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot count the locks", e);
        }
    }
}
