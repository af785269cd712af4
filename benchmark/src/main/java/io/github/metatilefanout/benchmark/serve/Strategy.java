package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.StoredTile;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.util.Arrays;
import java.util.function.Function;

/** The ways of serving tiles compared, over one {@link ServingSetup}; parameters and columns name them by label. */
public enum Strategy {
    /** Classic GeoWebCache: on a miss, under the metatile lock, render, encode and store every tile, then answer. */
    SEQUENTIAL("sequential", Strategy::sequential),
    /** {@link Upstream227Server}: GeoServer 2.27's concurrent encoding. */
    UPSTREAM_2_27("upstream-2.27", Upstream227Server::new),
    /** {@link FanoutServer}: this project's engine, with tile locks. */
    FANOUT("fanout", setup -> new FanoutServer(setup, LockProtocol.TILE_LOCKS)),
    /** {@link FanoutServer}: this project's engine, with the storing lock. */
    FANOUT_STORING_LOCK("fanout-storing-lock", setup -> new FanoutServer(setup, LockProtocol.STORING_LOCK)),
    /** No cache, the plain WMS baseline: every request renders its own 256 x 256 tile alone and encodes it. */
    DIRECT("direct", Strategy::direct);

    private static final MetatileGrid SINGLE_TILE = new MetatileGrid(1, 1, 0);

    private final String label;
    private final Function<ServingSetup, TileServer> factory;

    Strategy(String label, Function<ServingSetup, TileServer> factory) {
        this.label = label;
        this.factory = factory;
    }

    public static Strategy of(String label) {
        return Arrays.stream(values())
                .filter(strategy -> strategy.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "Unknown strategy '" + label + "'; expected one of " + Arrays.toString(values())));
    }

    /** Whether it runs this project's engine: the summary judges it against sequential. */
    public boolean runsEngine() {
        return this == FANOUT || this == FANOUT_STORING_LOCK;
    }

    /** Whether it keeps a tile cache. */
    public boolean caches() {
        return this != DIRECT;
    }

    public TileServer open(ServingSetup setup) {
        return factory.apply(setup);
    }

    @Override
    public String toString() {
        return label;
    }

    private static TileServer sequential(ServingSetup setup) {
        return tile -> {
            StoredTile cached = setup.store().get(tile);
            if (cached != null) {
                return cached.data();
            }
            Metatile metatile = setup.metatileOf(tile);
            LockProvider.Lock lock = setup.lockProvider().acquire(metatile.lockKey(), ServingSetup.LOCK_TIMEOUT);
            try {
                cached = setup.store().get(tile);
                return cached != null ? cached.data() : setup.renderAndStoreAll(metatile, metatile.indexOf(tile));
            } finally {
                lock.release();
            }
        };
    }

    private static TileServer direct(ServingSetup setup) {
        return tile -> {
            Metatile single = SINGLE_TILE.metatileOf(tile);
            ServingSetup.CountedImage image = setup.draw(single);
            try {
                return setup.encode(image.image(), single.tileBounds(0));
            } finally {
                image.dispose();
            }
        };
    }
}
