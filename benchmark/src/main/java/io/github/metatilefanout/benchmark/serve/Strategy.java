package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.LockProtocol;
import java.util.Arrays;
import java.util.function.Function;

/**
 * The ways of serving tiles the benchmark compares, over the same renderer, encoder, store and lock
 * provider ({@link ServingSetup}). To add one: a {@link TileServer} and a constant here; the benchmarks'
 * {@code strategy} or {@code strategies} parameters and the summary's columns take it by its label.
 */
public enum Strategy {
    /** {@link SequentialServer}: classic GeoWebCache. */
    SEQUENTIAL("sequential", SequentialServer::new),
    /** {@link Upstream227Server}: GeoServer 2.27's concurrent encoding. */
    UPSTREAM_2_27("upstream-2.27", Upstream227Server::new),
    /** {@link FanoutServer}: this project's engine, with tile locks ({@link LockProtocol#TILE_LOCKS}). */
    FANOUT("fanout", setup -> new FanoutServer(setup, LockProtocol.TILE_LOCKS)),
    /** {@link FanoutServer}: this project's engine, with the storing lock ({@link LockProtocol#STORING_LOCK}). */
    FANOUT_STORING_LOCK("fanout-storing-lock", setup -> new FanoutServer(setup, LockProtocol.STORING_LOCK)),
    /** {@link DirectServer}: no cache, one tile rendered per request. */
    DIRECT("direct", DirectServer::new);

    private final String label;
    private final Function<ServingSetup, TileServer> factory;

    Strategy(String label, Function<ServingSetup, TileServer> factory) {
        this.label = label;
        this.factory = factory;
    }

    /** The strategy called {@code label}, as in {@link #toString()}. */
    public static Strategy of(String label) {
        for (Strategy strategy : values()) {
            if (strategy.label.equals(label)) {
                return strategy;
            }
        }
        throw new IllegalArgumentException(
                "Unknown strategy '" + label + "'; expected one of " + Arrays.toString(values()));
    }

    /** Whether the strategy runs this project's engine: the summary judges it against sequential. */
    public boolean runsEngine() {
        return this == FANOUT || this == FANOUT_STORING_LOCK;
    }

    /** Whether the strategy keeps a tile cache, so that its results depend on the cache-hit ratio. */
    public boolean caches() {
        return this != DIRECT;
    }

    /** A server of this strategy over {@code setup}. */
    public TileServer open(ServingSetup setup) {
        return factory.apply(setup);
    }

    @Override
    public String toString() {
        return label;
    }
}
