package io.github.metatilefanout.engine;

import static org.awaitility.Awaitility.await;

import io.github.metatilefanout.engine.store.FileTileStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The process {@link NodeKilledTest} kills: it renders metatile {@link #ASKED}'s metatile, stores the tile
 * asked for, then holds back every other put (ten seconds at most), so that its job holds its locks.
 *
 * <p>Arguments: the shared directory, the lock protocol. It prints {@code stalled} once the first tile is
 * stored.
 */
final class StallingNode {

    static final TileKey ASKED = Fixtures.tile("killed", 4, 8);

    private StallingNode() {}

    public static void main(String[] args) throws Exception {
        Path shared = Path.of(args[0]);
        LockProtocol protocol = LockProtocol.valueOf(args[1]);
        CountingStore store = new CountingStore(new FileTileStore(shared.resolve("tiles")))
                .putsGatedBy(new CountDownLatch(1), tile -> !tile.equals(ASKED));
        FanoutEngine engine = new FanoutEngine(
                new FileLockProvider(shared.resolve("locks")),
                protocol,
                store,
                FanoutSettings.withPoolSize(2).withLockTimeout(Duration.ofSeconds(20)));
        engine.getTile(Fixtures.request(ASKED, 4, new ColorRenderer(), new RawEncoder()));
        await().atMost(Duration.ofSeconds(20)).until(() -> store.puts(ASKED) == 1);
        System.out.println("stalled");
        System.out.flush();
        new CountDownLatch(1).await(30, TimeUnit.SECONDS); // until killed
        System.exit(1);
    }
}
