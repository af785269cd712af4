package io.github.metatilefanout.engine;

/**
 * The engine's log messages of WARNING and SEVERE level, as {@link String#format} patterns: what an admin
 * may find in the log. docs/troubleshooting.md quotes them; the tests check both against these constants.
 */
final class LogMessages {

    private LogMessages() {}

    /** WARNING: locks of a job were not obtained: those tiles, or every tile, are served but not stored. */
    static final String JOB_LOCKS_NOT_TAKEN = "%s will be served but not stored: %s";

    /** WARNING: a job's locks are held while its metatile renders, another lock timeout later. */
    static final String LOCKS_HELD_WHILE_RENDERING =
            "The locks of metatile %s have been held for %d ms while it renders";

    /** WARNING: a queued job has waited for a pool thread another lock timeout, holding its tiles' locks. */
    static final String STILL_NO_TURN = "Metatile %s has waited %d ms for a pool thread, its tiles locked";

    /** SEVERE (WARNING when interrupted at close): the owner of a job stopped waiting for tiles encoded or written. */
    static final String TILES_NOT_REPORTED =
            "Gave up waiting for %d tiles of metatile %s being encoded or stored by other threads";

    /** WARNING (SEVERE for an {@code Error}): tiles of a job failed to encode, with the first failure. */
    static final String ENCODE_FAILED =
            "%d tiles of metatile %s failed to encode (the first: %s) and will not be stored";

    /** WARNING (SEVERE for an {@code Error}): a tile failed to store. */
    static final String STORE_FAILED = "Storing tile %s failed";

    /** WARNING: a lookup failed; the tile is rendered. */
    static final String LOOKUP_FAILED = "Looking up tile %s failed; rendering it";

    /** WARNING: freeing a metatile image failed. */
    static final String DISPOSE_FAILED = "Disposing the image of metatile %s failed";

    /** SEVERE: releasing a lock failed. */
    static final String RELEASE_FAILED = "Releasing lock '%s' failed";

    /** SEVERE: the engine's own code failed while running a job (a bug). */
    static final String JOB_FAILED = "Storing the tiles of metatile %s failed";

    /** SEVERE: no thread could be started; the work runs on the calling thread. */
    static final String THREAD_NOT_STARTED =
            "metatile-fanout could not start a thread; the calling thread does the work instead";

    /** WARNING: {@code close} returned with engine threads still running. */
    static final String THREADS_LEFT = "metatile-fanout closed with %d threads still running: %s";
}
