package io.github.metatilefanout.benchmark.cluster;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * Spring Integration's JDBC lock registry, the one GeoServer Cloud's nodes share, on a PostgreSQL found as a
 * user would provide one: the server whose JDBC URL {@value #URL_PROPERTY} gives, else one started from the
 * machine's PostgreSQL binaries ({@link LocalPostgres}) on port {@value #PORT_PROPERTY} (0, the default: a
 * free one). The benchmark ships no database.
 *
 * <p>Its locks live in a table of its own, {@value #TABLE}, created if missing and emptied at the start, so
 * that on a server of the user's the benchmark touches nothing else. Each {@link #node} is one node's
 * registry, with its own client id and connection pool, as in a cluster.
 */
public final class PostgresLocks implements AutoCloseable {

    public static final String URL_PROPERTY = "benchmark.postgresUrl";

    public static final String PORT_PROPERTY = "benchmark.postgresPort";

    /** The system properties that say where PostgreSQL is: a forked JVM needs them too. */
    public static final List<String> PROPERTIES = List.of(URL_PROPERTY, PORT_PROPERTY, LocalPostgres.BIN_PROPERTY);

    /** The lock table: Spring Integration names it {@link #TABLE_PREFIX} then {@code LOCK}. */
    public static final String TABLE = "METATILE_FANOUT_BENCHMARK_LOCK";

    static final String TABLE_PREFIX = TABLE.substring(0, TABLE.length() - "LOCK".length());

    private static final String SCHEMA = "org/springframework/integration/jdbc/schema-postgresql.sql";

    private final String jdbcUrl;
    private final LocalPostgres local;
    private final List<HikariDataSource> pools = new ArrayList<>();

    private PostgresLocks(String jdbcUrl, LocalPostgres local) {
        this.jdbcUrl = jdbcUrl;
        this.local = local;
    }

    /**
     * Why the cluster scenario cannot run on this machine, in one line; empty when a server is named or
     * PostgreSQL's binaries are found.
     */
    public static Optional<String> unavailable() {
        if (named() != null || LocalPostgres.binaries().isPresent()) {
            return Optional.empty();
        }
        return Optional.of("no PostgreSQL found: name a server with -D" + URL_PROPERTY
                + "=jdbc:postgresql://<host>:<port>/"
                + "<database>?user=<user>&password=<password>, install PostgreSQL's server (Debian: apt-get install"
                + " postgresql), or point -D" + LocalPostgres.BIN_PROPERTY + " at the folder of its initdb, pg_ctl and"
                + " postgres");
    }

    /** Connects to the named server, or starts one from the machine's binaries, and makes the lock table. */
    public static PostgresLocks start() throws IOException {
        String named = named();
        PostgresLocks locks;
        if (named != null) {
            locks = new PostgresLocks(named, null);
        } else {
            Path bin = LocalPostgres.binaries()
                    .orElseThrow(() -> new IOException(unavailable().orElseThrow()));
            LocalPostgres local = LocalPostgres.start(bin, Integer.getInteger(PORT_PROPERTY, 0));
            locks = new PostgresLocks(local.jdbcUrl(), local);
        }
        try (Connection connection = DriverManager.getConnection(locks.jdbcUrl);
                Statement statement = connection.createStatement()) {
            statement.execute(lockTableDefinition());
            statement.execute("DELETE FROM " + TABLE);
        } catch (SQLException | RuntimeException e) {
            locks.close();
            throw new IOException("Cannot make the lock table " + TABLE + " at " + locks.jdbcUrl, e);
        }
        return locks;
    }

    /** The server's JDBC URL. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /**
     * The lock provider of one node: a JDBC lock registry with client id {@code clientId}, whose locks
     * another node may take over once they are {@code timeToLive} old, and a pool of connections of its own.
     */
    public LockProvider node(String clientId, Duration timeToLive) {
        HikariDataSource pool = pool(jdbcUrl, clientId);
        pools.add(pool);
        DefaultLockRepository repository = new DefaultLockRepository(pool, clientId);
        repository.setPrefix(TABLE_PREFIX);
        repository.setTransactionManager(new DataSourceTransactionManager(pool));
        repository.afterPropertiesSet();
        repository.afterSingletonsInstantiated();
        return new RegistryLockProvider(new JdbcLockRegistry(repository, timeToLive));
    }

    /** Closes the nodes' pools, and stops the server if it started one. */
    @Override
    public void close() throws IOException {
        pools.forEach(HikariDataSource::close);
        if (local != null) {
            local.close();
        }
    }

    private static String named() {
        String url = System.getProperty(URL_PROPERTY);
        return url == null || url.isBlank() ? null : url;
    }

    private static HikariDataSource pool(String jdbcUrl, String clientId) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setPoolName("locks-" + clientId);
        config.setMaximumPoolSize(16);
        return new HikariDataSource(config);
    }

    /** Spring Integration's own definition of its lock table, under this benchmark's table name. */
    private static String lockTableDefinition() {
        try (var in = JdbcLockRegistry.class.getClassLoader().getResourceAsStream(SCHEMA)) {
            String schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = schema.indexOf("CREATE TABLE INT_LOCK");
            return schema.substring(start, schema.indexOf(';', start))
                    .replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS")
                    .replace("INT_", TABLE_PREFIX);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
