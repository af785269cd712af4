package io.github.metatilefanout.benchmark.http;

/**
 * How one tile request ended.
 *
 * @param nanos time from sending to the last byte of the answer (or to the failure)
 * @param status the HTTP status, 0 when no answer came
 * @param cacheResult GeoWebCache's {@code geowebcache-cache-result} header (HIT, MISS, ...), or null
 * @param timedOut true when no answer came within the request timeout
 */
public record Answer(long nanos, int status, String cacheResult, boolean timedOut) {

    /** Whether the answer is a 200 carrying an image. */
    public boolean ok() {
        return status == 200;
    }

    /** Whether GeoWebCache says it answered from its cache. */
    public boolean hit() {
        return "HIT".equalsIgnoreCase(cacheResult);
    }
}
