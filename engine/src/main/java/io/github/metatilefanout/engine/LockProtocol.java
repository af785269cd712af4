package io.github.metatilefanout.engine;

/**
 * Which locks the engine takes from its {@link io.github.metatilefanout.engine.lock.LockProvider}, and so
 * what each rendered metatile costs when that provider is shared by several processes (each acquisition
 * and each release is then a round trip: a file operation on a network disk, or a database transaction).
 *
 * <p>Both protocols give one render per metatile across every process that shares the tile store and the
 * lock provider and runs the same protocol; they differ in cost and in what they share with nodes that run
 * GeoWebCache's own code. See {@code docs/several-nodes.md}.
 *
 * <p><b>How long a job holds its locks.</b> From just before its requester releases the metatile lock
 * until its last tile is stored: its time in the queue (at most the queue bound of jobs ahead of it) plus
 * its encoding and storing. Nothing expires or renews the locks: the engine relies on a provider whose
 * locks last until released or until their process ends (the engine's, GeoWebCache's memory and NIO
 * providers, GeoServer's file provider). With a provider whose locks expire on their own, a job that
 * outlasts the expiry loses its exclusion and another process may render the metatile again. A request
 * of another process waits at most its lock timeout, then fails with a {@link
 * io.github.metatilefanout.engine.lock.LockTimeoutException}; it does not render.
 *
 * <p><b>Rolling upgrades.</b> Nodes without the engine take GeoWebCache's metatile and tile locks. With
 * {@link #TILE_LOCKS} on this node, such a node waits for this node's jobs, and this node for its jobs,
 * when it uses its own pool for an interactive request; when it seeds or has no pool it looks a tile up
 * again under the metatile lock only, and may render a metatile this node is still storing. With {@link
 * #STORING_LOCK}, neither waits for the other's jobs. In every such case the worst outcome is a second
 * render and tiles written twice, never a partial tile (the stores write a tile whole).
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
     * and 3 releases whatever its size; a request that finds the tile stored after waiting costs 2 and 2,
     * and waits until the whole metatile is stored, not only its tile. Every node sharing the provider
     * must run this protocol.
     */
    STORING_LOCK
}
