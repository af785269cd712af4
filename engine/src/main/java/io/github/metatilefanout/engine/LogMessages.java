package io.github.metatilefanout.engine;

/**
 * The engine's log messages of WARNING and SEVERE level, as {@link String#format} patterns: what an admin
 * may find in the log. docs/troubleshooting.md quotes them; the tests check both against these constants.
 */
final class LogMessages {

    private LogMessages() {}

    /** WARNING: a lock of a job was not obtained: its tile, or every tile, is served but not stored. */
    static final String JOB_LOCK_NOT_TAKEN = "%s will be served but not stored: %s";

    /** WARNING: a job's locks are still held, another lock timeout later. */
    static final String LOCKS_HELD_LONG =
            "The locks of metatile %s have been held for %d ms by a job that has not finished";

    /** SEVERE: the owner of a job stopped waiting for tiles that other threads encode. */
    static final String TILES_NOT_REPORTED =
            "Gave up waiting for %d tiles of metatile %s encoded by other threads; they will not be stored";

    /** WARNING (SEVERE for an {@code Error}): a tile failed to encode. */
    static final String ENCODE_FAILED = "Encoding tile %s failed";

    /** WARNING (SEVERE for an {@code Error}): a tile failed to store. */
    static final String STORE_FAILED = "Storing tile %s failed";

    /** WARNING: a lookup failed; the tile is rendered. */
    static final String LOOKUP_FAILED = "Looking up tile %s failed; rendering it";

    /** SEVERE: rendering a metatile failed with an {@code Error}. */
    static final String RENDER_FAILED = "Rendering metatile %s failed";

    /** WARNING: freeing a metatile image failed. */
    static final String DISPOSE_FAILED = "Disposing the image of metatile %s failed";

    /** SEVERE: releasing a lock failed. */
    static final String RELEASE_FAILED = "Releasing lock '%s' failed";

    /** SEVERE: the engine's own code failed while running a job (a bug). */
    static final String JOB_FAILED = "Storing the tiles of metatile %s failed";

    /** SEVERE: a lock task failed on a lock holder thread (a bug). */
    static final String LOCK_TASK_FAILED = "A lock task of metatile %s failed";

    /** SEVERE: a pool task failed (a bug). */
    static final String POOL_TASK_FAILED = "A metatile-fanout pool task failed";

    /** WARNING: {@code close} returned with engine threads still running. */
    static final String THREADS_LEFT = "metatile-fanout closed with %d threads still running: %s";
}
