package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.PostgresLockServer;
import io.github.metatilefanout.engine.store.FileTileStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The process {@link NodeKilledTest} kills: it renders the metatile of {@link #ASKED} and holds back every
 * put (ten seconds at most), so that its job holds its locks and stores nothing.
 *
 * <p>Arguments: the shared directory, the lock protocol, and optionally the JDBC URL of a {@link
 * PostgresLockServer} whose lock registry to use instead of file locks in the shared directory. It prints
 * {@code stalled} once its request has returned: the job's locks are held from before the request released
 * the metatile lock.
 */
final class StallingNode {

    static final TileKey ASKED = Fixtures.tile("killed", 4, 8);

    /** How long the registry keeps the locks of a node that died holding them. */
    static final Duration REGISTRY_TIME_TO_LIVE = Duration.ofSeconds(3);

    private StallingNode() {}

    public static void main(String[] args) throws Exception {
        Path shared = Path.of(args[0]);
        LockProtocol protocol = LockProtocol.valueOf(args[1]);
        CountingStore store =
                new CountingStore(new FileTileStore(shared.resolve("tiles"))).putsGatedBy(new CountDownLatch(1));
        LockProvider locks = args.length > 2
                ? PostgresLockServer.connect(args[2], "stalling-node", REGISTRY_TIME_TO_LIVE)
                : new FileLockProvider(shared.resolve("locks"));
        FanoutEngine engine = new FanoutEngine(
                "test", locks, protocol, store, FanoutSettings.withPoolSize(2).withLockTimeout(Duration.ofSeconds(20)));
        engine.getTile(Fixtures.request(ASKED, 4, new ColorRenderer(), new RawEncoder()));
        System.out.println("stalled");
        System.out.flush();
        new CountDownLatch(1).await(30, TimeUnit.SECONDS); // until killed
        System.exit(1);
    }
}
