package io.github.metatilefanout.benchmark.report;

/** Resolves counts given relative to the cores ({@code cores}, {@code 4xcores}) on this machine. */
public final class Counts {

    private Counts() {}

    /** {@code "0"}, {@code "1"} or any number, {@code "cores"}, or {@code "<n>xcores"}. */
    public static int resolve(String value) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (value.equals("cores")) {
            return cores;
        }
        try {
            if (value.endsWith("xcores")) {
                return Integer.parseInt(value.substring(0, value.length() - "xcores".length())) * cores;
            }
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "Count '" + value + "' is neither a number, 'cores' nor '<n>xcores' such as '2xcores'");
        }
    }
}
