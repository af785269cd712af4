package io.github.metatilefanout.benchmark;

/**
 * A benchmark that needs PostgreSQL ({@link io.github.metatilefanout.benchmark.cluster.PostgresLocks}): a
 * profile skips it, saying why in one line, on a machine without one.
 */
interface NeedsPostgres {}
