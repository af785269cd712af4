package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.geowebcache.storage.StorageBroker;

/**
 * The fan-out engine over GeoWebCache, as both plugins run it: GeoWebCache's storage broker as the engine's tile
 * store, its configured lock provider behind the engine's in-process locks ({@link GwcLockProvider}), and conveyor
 * tiles served through it ({@link ConveyorTileServer}). Built at a plugin's start-up, closed at its shutdown.
 */
public final class GeoWebCacheEngine implements AutoCloseable {

    /** What tiles being encoded get when the plugin stops; tiles not yet encoded are dropped. */
    public static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    private final FanoutEngine engine;
    private final ConveyorTileServer conveyor;

    /**
     * @param name names the engine's threads: unique in the JVM
     * @param layers where each tile layer's expiry is looked up
     * @param gwcLocks GeoWebCache's current lock provider, looked up at each acquisition
     * @param lockKeys the engine's locks as the plugin keys them; {@link UnaryOperator#identity()} keeps the engine's
     *     keys
     */
    public GeoWebCacheEngine(
            String name,
            StorageBroker storageBroker,
            StorageBrokerTileStore.TileLayers layers,
            Supplier<org.geowebcache.locks.LockProvider> gwcLocks,
            UnaryOperator<LockProvider> lockKeys,
            LockProtocol protocol,
            FanoutSettings settings) {
        StorageBrokerTileStore store = new StorageBrokerTileStore(storageBroker, layers);
        this.engine = new FanoutEngine(name, lockKeys.apply(new GwcLockProvider(gwcLocks)), protocol, store, settings);
        this.conveyor = new ConveyorTileServer();
    }

    public FanoutEngine engine() {
        return engine;
    }

    /** Serves GeoWebCache's conveyor tiles through {@link #engine()}. */
    public ConveyorTileServer conveyor() {
        return conveyor;
    }

    /** Closes the engine with {@link #SHUTDOWN_GRACE}. */
    @Override
    public void close() {
        engine.close(SHUTDOWN_GRACE);
    }
}
