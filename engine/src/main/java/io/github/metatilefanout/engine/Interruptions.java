package io.github.metatilefanout.engine;

import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;

/** Recognises a failure caused by the thread's interruption, however a renderer wrapped it. */
final class Interruptions {

    private Interruptions() {}

    /** Whether {@code failure} or one of its causes reports an interruption. */
    static boolean isInterruption(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException
                    || t instanceof InterruptedIOException
                    || t instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }
}
