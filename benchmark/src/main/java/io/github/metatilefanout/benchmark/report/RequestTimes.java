package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The time of every request timed in the measured invocations of the time-to-first-tile-under-load trials,
 * with the invocation (one batch per strategy) it ran in: what {@link Summary}'s block bootstrap resamples.
 * A run keeps them in {@value #FILE} beside {@code results.json}, one row per request under the header
 * {@value #HEADER}; invocations are numbered from 1 within each trial, warm-up left out.
 */
public final class RequestTimes {

    /** The file's name in the results folder. */
    public static final String FILE = "request-times.csv";

    /** The file's first line. */
    public static final String HEADER = "metatile,clients,pool,format,strategy,invocation,nanos";

    /** No request times. */
    public static final RequestTimes NONE = new RequestTimes(Map.of());

    private static final int COLUMNS = 7;

    private record Key(Scenario scenario, Strategy strategy) {}

    private final Map<Key, SortedMap<Integer, double[]>> batches;

    private RequestTimes(Map<Key, SortedMap<Integer, double[]>> batches) {
        this.batches = batches;
    }

    /** The row of one request of {@code strategy} in {@code scenario}, answered in {@code nanos}. */
    public static String row(Scenario scenario, Strategy strategy, int invocation, long nanos) {
        return String.join(
                ",",
                scenario.metatile(),
                scenario.clients(),
                scenario.pool(),
                scenario.format(),
                strategy.toString(),
                Integer.toString(invocation),
                Long.toString(nanos));
    }

    /** The times in {@code csv}, or {@link #NONE} when there is no such file. */
    public static RequestTimes read(Path csv) throws IOException {
        return Files.exists(csv) ? parse(Files.readAllLines(csv, StandardCharsets.UTF_8)) : NONE;
    }

    /**
     * The times in the lines of a {@value #FILE}, header first.
     *
     * @throws IllegalArgumentException on a header or row that is not as written by {@link #row}
     */
    public static RequestTimes parse(List<String> lines) {
        if (lines.isEmpty()) {
            return NONE;
        }
        if (!lines.get(0).equals(HEADER)) {
            throw new IllegalArgumentException("Header '" + lines.get(0) + "'; expected '" + HEADER + "'");
        }
        Map<Key, SortedMap<Integer, List<Double>>> read = new HashMap<>();
        for (int n = 1; n < lines.size(); n++) {
            String[] cells = lines.get(n).split(",");
            if (cells.length != COLUMNS) {
                throw new IllegalArgumentException("Line " + (n + 1) + " '" + lines.get(n) + "' has " + cells.length
                        + " cells; expected " + COLUMNS);
            }
            Key key = new Key(new Scenario(0, cells[0], cells[1], cells[2], cells[3]), Strategy.of(cells[4]));
            read.computeIfAbsent(key, k -> new TreeMap<>())
                    .computeIfAbsent(Integer.parseInt(cells[5]), i -> new ArrayList<>())
                    .add(Long.parseLong(cells[6]) / 1e6);
        }
        Map<Key, SortedMap<Integer, double[]>> batches = new HashMap<>();
        read.forEach((key, byInvocation) -> {
            SortedMap<Integer, double[]> times = new TreeMap<>();
            byInvocation.forEach((invocation, ms) -> times.put(
                    invocation, ms.stream().mapToDouble(Double::doubleValue).toArray()));
            batches.put(key, Collections.unmodifiableSortedMap(times));
        });
        return new RequestTimes(Map.copyOf(batches));
    }

    /**
     * The times, in ms, of the requests {@code strategy} answered in {@code scenario}, per invocation in
     * invocation order; empty when none were kept. The arrays are the caller's to read, not to change.
     */
    public SortedMap<Integer, double[]> batches(Scenario scenario, Strategy strategy) {
        return batches.getOrDefault(new Key(scenario, strategy), Collections.emptySortedMap());
    }
}
