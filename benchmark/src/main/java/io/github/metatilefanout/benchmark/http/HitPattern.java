package io.github.metatilefanout.benchmark.http;

/**
 * Which requests of a run ask for a cached tile: with a hit ratio of {@code h} %, exactly {@code floor(n x
 * h / 100)} of the first {@code n} requests are hits, spread evenly, so every 100 consecutive requests hold
 * exactly {@code h} hits.
 */
public record HitPattern(int percent) {

    public HitPattern {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("hit ratio is " + percent + " %; allowed range is 0 to 100");
        }
    }

    /** Whether request number {@code index} (from 0) asks for a cached tile. */
    public boolean isHit(long index) {
        return (index + 1) * percent / 100 > index * percent / 100;
    }
}
