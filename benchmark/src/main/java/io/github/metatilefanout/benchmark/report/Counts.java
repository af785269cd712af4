package io.github.metatilefanout.benchmark.report;

/** Counts given relative to the cores, as the benchmarks' parameters give them. */
public final class Counts {

    private Counts() {}

    /** {@code "0"}, {@code "1"} or any number, {@code "cores"}, or {@code "<n>xcores"}, on this machine. */
    public static int resolve(String value) {
        int cores = Runtime.getRuntime().availableProcessors();
        try {
            return value.equals("cores")
                    ? cores
                    : value.endsWith("xcores")
                            ? Integer.parseInt(value.substring(0, value.length() - "xcores".length())) * cores
                            : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "Count '" + value + "' is neither a number, 'cores' nor '<n>xcores' such as '2xcores'");
        }
    }
}
