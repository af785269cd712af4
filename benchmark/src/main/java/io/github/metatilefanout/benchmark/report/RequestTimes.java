package io.github.metatilefanout.benchmark.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every request timed in the measured invocations of the trials that serve strategies in turn, with the
 * invocation (one batch per strategy) it ran in: what {@link NoWorseCheck} resamples. A run keeps them in
 * {@value #FILE}, one row per request under the header {@value #HEADER}, the scenario written as {@link
 * Trial#scenarioKey()}; invocations are numbered from 1 within each trial, warm-up left out.
 */
public final class RequestTimes {

    /** The file's name in the results folder. */
    public static final String FILE = "request-times.csv";

    /** The file's first line. */
    public static final String HEADER = "scenario,strategy,invocation,nanos";

    /** No request times. */
    public static final RequestTimes NONE = new RequestTimes(Map.of());

    private final Map<String, SortedMap<Integer, double[]>> batches;

    private RequestTimes(Map<String, SortedMap<Integer, double[]>> batches) {
        this.batches = batches;
    }

    /** The row of one request of {@code strategy} in {@code scenario}, answered in {@code nanos}. */
    public static String row(String scenario, String strategy, int invocation, long nanos) {
        return String.join(",", scenario, strategy, Integer.toString(invocation), Long.toString(nanos));
    }

    /** The times in {@code csv}, or {@link #NONE} when there is no such file. */
    public static RequestTimes read(Path csv) throws IOException {
        return Files.exists(csv) ? parse(Files.readAllLines(csv, StandardCharsets.UTF_8)) : NONE;
    }

    /**
     * The times in the lines of a {@value #FILE}, header first.
     *
     * @throws IllegalArgumentException on a header or row that {@link #row} did not write
     */
    public static RequestTimes parse(List<String> lines) {
        if (!lines.isEmpty() && !lines.get(0).equals(HEADER)) {
            throw new IllegalArgumentException("Header '" + lines.get(0) + "'; expected '" + HEADER + "'");
        }
        Map<String, SortedMap<Integer, double[]>> batches = new HashMap<>();
        for (int n = 1; n < lines.size(); n++) {
            String[] cells = lines.get(n).split(",");
            if (cells.length != 4) {
                throw new IllegalArgumentException(
                        "Line " + (n + 1) + " '" + lines.get(n) + "' has " + cells.length + " cells; expected 4");
            }
            batches.computeIfAbsent(cells[0] + ',' + cells[1], k -> new TreeMap<>())
                    .merge(
                            Integer.parseInt(cells[2]),
                            new double[] {Long.parseLong(cells[3]) / 1e6},
                            RequestTimes::concat);
        }
        return new RequestTimes(batches);
    }

    /**
     * The times, in ms, of the requests {@code strategy} answered in {@code scenario}, per invocation in
     * invocation order; empty when none were kept.
     */
    public SortedMap<Integer, double[]> batches(String scenario, String strategy) {
        return Collections.unmodifiableSortedMap(
                batches.getOrDefault(scenario + ',' + strategy, Collections.emptySortedMap()));
    }

    private static double[] concat(double[] a, double[] b) {
        double[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
