package io.github.metatilefanout.benchmark.report;

import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

/** Request times drawn from a fixed seed, shaped like the loaded benchmark's: skewed, batch by batch. */
final class RequestTimesSamples {

    private RequestTimesSamples() {}

    /**
     * {@code invocations} batches of {@code perBatch} times, in ms, around {@code median}: each request's
     * time log-normal (sigma 0.5), times a factor per batch (sigma {@code batchSigma}) that all its requests
     * share, as a machine busier during one batch than another.
     */
    static SortedMap<Integer, double[]> batches(
            long seed, int invocations, int perBatch, double median, double batchSigma) {
        Random random = new Random(seed);
        SortedMap<Integer, double[]> batches = new TreeMap<>();
        for (int invocation = 1; invocation <= invocations; invocation++) {
            double factor = Math.exp(batchSigma * random.nextGaussian());
            double[] times = new double[perBatch];
            for (int i = 0; i < perBatch; i++) {
                times[i] = median * factor * Math.exp(0.5 * random.nextGaussian());
            }
            batches.put(invocation, times);
        }
        return batches;
    }
}
