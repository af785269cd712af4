package io.github.metatilefanout.engine.lock;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * An embedded PostgreSQL server, listening on 127.0.0.1 only, holding the lock table of Spring
 * Integration's JDBC lock registry: the lock registry GeoServer Cloud's nodes share. Each {@link #node}
 * is one node's registry (its own client id and connection pool), as in a cluster.
 */
public final class PostgresLockServer implements AutoCloseable {

    private static final String LOCK_TABLE = "INT_LOCK";
    private static final String SCHEMA = "org/springframework/integration/jdbc/schema-postgresql.sql";

    private final EmbeddedPostgres postgres;
    private final List<HikariDataSource> pools = new ArrayList<>();

    private PostgresLockServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts a server on a free port of 127.0.0.1 and creates the lock table. */
    public static PostgresLockServer start() throws IOException {
        PostgresLockServer server = new PostgresLockServer(EmbeddedPostgres.builder()
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("max_connections", "200")
                .start());
        try (Connection connection = server.postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(lockTableDefinition());
        } catch (SQLException e) {
            server.close();
            throw new IOException("Cannot create the lock table", e);
        }
        return server;
    }

    /** The server's JDBC URL, for a node in another process ({@link #connect}). */
    public String jdbcUrl() {
        return postgres.getJdbcUrl("postgres", "postgres");
    }

    /**
     * The lock provider of one node: a JDBC lock registry with client id {@code clientId}, whose locks
     * another node may take over once they are {@code timeToLive} old, and a pool of connections of its own.
     */
    public LockProvider node(String clientId, Duration timeToLive) {
        HikariDataSource pool = pool(jdbcUrl(), clientId);
        pools.add(pool);
        return registryProvider(pool, clientId, timeToLive);
    }

    /** The lock provider of a node in another process, on the server at {@code jdbcUrl}. */
    public static LockProvider connect(String jdbcUrl, String clientId, Duration timeToLive) {
        return registryProvider(pool(jdbcUrl, clientId), clientId, timeToLive);
    }

    /** The locks held now, by every node. */
    public int locksHeld() {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + LOCK_TABLE)) {
            count.next();
            return count.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot count the locks", e);
        }
    }

    @Override
    public void close() throws IOException {
        pools.forEach(HikariDataSource::close);
        postgres.close();
    }

    private static LockProvider registryProvider(DataSource dataSource, String clientId, Duration timeToLive) {
        DefaultLockRepository repository = new DefaultLockRepository(dataSource, clientId);
        repository.setTransactionManager(new DataSourceTransactionManager(dataSource));
        repository.afterPropertiesSet();
        repository.afterSingletonsInstantiated();
        return new RegistryLockProvider(new JdbcLockRegistry(repository, timeToLive));
    }

    private static HikariDataSource pool(String jdbcUrl, String clientId) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setPoolName("locks-" + clientId);
        config.setMaximumPoolSize(16);
        return new HikariDataSource(config);
    }

    private static String lockTableDefinition() {
        try (var in = JdbcLockRegistry.class.getClassLoader().getResourceAsStream(SCHEMA)) {
            String schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = schema.indexOf("CREATE TABLE " + LOCK_TABLE);
            return schema.substring(start, schema.indexOf(';', start));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
