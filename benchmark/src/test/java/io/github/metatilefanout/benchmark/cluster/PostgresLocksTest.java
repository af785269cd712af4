package io.github.metatilefanout.benchmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The registry on the machine's own PostgreSQL, as the benchmark starts it when no server is named. */
class PostgresLocksTest {

    @Test
    void onTheMachinesPostgresOneNodeHoldsALockTheOtherWaitsFor() throws Exception {
        assumeTrue(System.getProperty(PostgresLocks.URL_PROPERTY) == null, "a server is named");
        assumeTrue(LocalPostgres.binaries().isPresent(), "no PostgreSQL binaries on this machine");
        String url;
        try (PostgresLocks locks = PostgresLocks.start()) {
            url = locks.jdbcUrl();
            assertEquals("127.0.0.1", setting(url, "listen_addresses"));
            assertEquals("off", setting(url, "synchronous_commit"));
            LockProvider one = locks.node("node-1", Duration.ofSeconds(30));
            LockProvider two = locks.node("node-2", Duration.ofSeconds(30));

            LockProvider.Lock held = one.acquire("metatile", Duration.ofSeconds(5));
            assertThrows(LockTimeoutException.class, () -> two.acquire("metatile", Duration.ofMillis(200)));
            held.release();
            two.acquire("metatile", Duration.ofSeconds(5)).release();
        }
        assertThrows(SQLException.class, () -> setting(url, "port"), "the server still runs");
    }

    private static String setting(String url, String name) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet value = statement.executeQuery("SHOW " + name)) {
            value.next();
            return value.getString(1);
        }
    }
}
