package io.github.metatilefanout.benchmark.report;

/** Reads parameter values: counts given relative to the cores, hit ratios. */
public final class Counts {

    private Counts() {}

    /** {@code "0"}, {@code "1"} or any number, {@code "cores"}, or {@code "<n>xcores"}, on this machine. */
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

    /** How a parameter's value is shown: counts resolved, hits in percent. */
    static String shown(String param, String value) {
        return switch (param) {
            case "pool", "clients" -> Integer.toString(resolve(value));
            case "hits" -> value + "%";
            default -> value;
        };
    }
}
