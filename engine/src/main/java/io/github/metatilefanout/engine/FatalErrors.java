package io.github.metatilefanout.engine;

/** Which failures the engine's threads may catch, count and survive. */
final class FatalErrors {

    private FatalErrors() {}

    /**
     * Rethrows {@code failure} if no pool thread should survive it: a {@link VirtualMachineError} other than
     * {@link OutOfMemoryError} (a stack overflow, an internal JVM error). Call it after the failure is counted and
     * logged, and where what follows releases the thread's locks. An out-of-memory error while encoding or storing
     * one tile is counted like any failure: the thread and the other tiles go on. Lock holder threads never call
     * it: they survive everything, so as to release their locks.
     */
    static void rethrowIfFatal(Throwable failure) {
        if (failure instanceof VirtualMachineError fatal && !(failure instanceof OutOfMemoryError)) {
            throw fatal;
        }
    }
}
