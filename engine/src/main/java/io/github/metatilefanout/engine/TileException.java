package io.github.metatilefanout.engine;

/** A tile could not be served: its metatile failed to render, a lock was not obtained in time, or the wait was interrupted. */
public class TileException extends Exception {

    private static final long serialVersionUID = 1L;

    public TileException(String message) {
        super(message);
    }

    public TileException(String message, Throwable cause) {
        super(message, cause);
    }
}
