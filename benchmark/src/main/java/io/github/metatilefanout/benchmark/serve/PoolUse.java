package io.github.metatilefanout.benchmark.serve;

/**
 * What a server with a bounded pool did with the metatiles it rendered: handed their other tiles to the
 * pool, or encoded and stored them on the request thread because the pool was full.
 *
 * @param handedOff metatiles whose other tiles went to the pool
 * @param ranOnCaller metatiles whose other tiles the request thread encoded, the pool being full
 */
public record PoolUse(long handedOff, long ranOnCaller) {

    /** A server that does neither. */
    public static final PoolUse NONE = new PoolUse(0, 0);

    /** What both did. */
    public PoolUse plus(PoolUse other) {
        return new PoolUse(handedOff + other.handedOff, ranOnCaller + other.ranOnCaller);
    }

    /** What was done since {@code earlier}. */
    public PoolUse since(PoolUse earlier) {
        return new PoolUse(handedOff - earlier.handedOff, ranOnCaller - earlier.ranOnCaller);
    }
}
