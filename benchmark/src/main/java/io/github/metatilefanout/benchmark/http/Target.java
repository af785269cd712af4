package io.github.metatilefanout.benchmark.http;

import java.io.IOException;

/**
 * The server a run drives: the client that asks it for tiles, the metatiles nobody has asked for yet, and
 * the GetMap counter (null when the run counts no GetMaps).
 */
record Target(TileClient client, MetatileList metatiles, GetMapCounter getMaps) {

    /** Starts counting GetMaps, if the run counts them. */
    void markGetMaps() throws IOException {
        if (getMaps != null) {
            getMaps.mark();
        }
    }

    /** The GetMaps since {@link #markGetMaps()}, -1 when not counted or the count was lost. */
    long getMapsSinceMark() throws IOException {
        return getMaps == null ? -1 : getMaps.countSinceMark();
    }

    /** A tile of {@code metatile} that varies from one metatile to the next, the same in every run. */
    static Tile someTile(Metatile metatile, long salt) {
        long mixed = mix(metatile.minX() * 31 + metatile.minY() * 1_000_003L + metatile.z() + salt);
        return metatile.tile((int) Math.floorMod(mixed, (long) metatile.size()));
    }

    /** A well spread 64-bit hash (SplitMix64's finaliser). */
    static long mix(long value) {
        long z = value * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
