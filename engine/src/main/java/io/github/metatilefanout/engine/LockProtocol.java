package io.github.metatilefanout.engine;

/**
 * Which locks the engine takes from its {@link io.github.metatilefanout.engine.lock.LockProvider}, and so
 * what each rendered metatile costs when that provider is shared by several processes (each acquisition
 * and each release is then a round trip: a file operation on a network disk, or a database transaction).
 *
 * <p>Both protocols give one render per metatile across every process that shares the tile store and the
 * lock provider and runs the same protocol; they differ in cost and in what they share with nodes that run
 * GeoWebCache's own code. See {@code docs/several-nodes.md}.
 */
public enum LockProtocol {

    /**
     * The metatile lock, then the lock of every tile while the tile is being stored, all from the
     * provider: what GeoWebCache's own code takes. A rendered metatile of N tiles costs N + 2 acquisitions
     * and as many releases (36 operations for 4x4, 204 for 10x10). Use it while nodes without the engine
     * share the lock provider (a rolling upgrade).
     */
    TILE_LOCKS,

    /**
     * The metatile lock and one <em>storing lock</em> per metatile from the provider; no tile lock at all.
     * The storing lock is held by the job's lock holder from before the metatile lock is released until
     * every tile is stored, has failed or was abandoned; a process that misses a tile takes the metatile
     * lock, then the storing lock, and looks the tile up again. A rendered metatile costs 3 acquisitions
     * and 3 releases whatever its size; a request that finds the tile stored after waiting costs 2 and 2.
     * Every node sharing the provider must run this protocol.
     */
    STORING_LOCK
}
