package io.github.metatilefanout.engine;

/** Which failures the engine's threads may catch, count and survive. */
final class Failures {

    private Failures() {}

    /**
     * Rethrows {@code failure} if no thread should survive it: a {@link VirtualMachineError} other than
     * {@link OutOfMemoryError} (a stack overflow, an internal JVM error). An out-of-memory error while
     * encoding one tile is counted like any failure: the thread and the other tiles go on.
     */
    static void rethrowIfFatal(Throwable failure) {
        if (failure instanceof VirtualMachineError fatal && !(failure instanceof OutOfMemoryError)) {
            throw fatal;
        }
    }
}
