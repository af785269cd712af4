package io.github.metatilefanout.benchmark.report;

/**
 * The request times of one strategy in one trial, in ms.
 *
 * @param p50 the median
 * @param p99 the 99th percentile
 * @param mean the mean
 * @param samples how many requests were timed
 */
public record Latency(double p50, double p99, double mean, long samples) {

    /** Nothing measured: NaN figures, no samples. */
    public static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, 0);

    /** Whether the percentiles were measured. */
    public boolean measured() {
        return samples > 0 && !Double.isNaN(p50) && !Double.isNaN(p99);
    }
}
