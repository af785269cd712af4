package io.github.metatilefanout.benchmark.report;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Reads parameter values: counts given relative to the cores, metatile shapes, hit ratios. */
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

    /** The parameters in the order tables show and sort them; others follow by name. */
    static final List<String> ORDER = List.of("format", "metatile", "hits", "clients", "pool");

    /** Orders {@code params} as {@link #ORDER} does. */
    static Comparator<String> params() {
        return Comparator.comparingInt((String p) -> ORDER.contains(p) ? ORDER.indexOf(p) : ORDER.size())
                .thenComparing(Comparator.naturalOrder());
    }

    /** Orders scenarios by the {@code params} given, in turn: counts as numbers, metatiles by their size. */
    static Comparator<Map<String, String>> scenarios(List<String> params) {
        Comparator<Map<String, String>> order = (a, b) -> 0;
        for (String param : params) {
            Comparator<String> values =
                    Comparator.comparingDouble((String v) -> rank(param, v)).thenComparing(Comparator.naturalOrder());
            order = order.thenComparing(scenario -> scenario.get(param), values);
        }
        return order;
    }

    private static double rank(String param, String value) {
        return switch (param) {
            case "pool", "clients" -> resolve(value);
            case "hits" -> Integer.parseInt(value);
            case "metatile" -> Integer.parseInt(value.split("x")[0]) * Integer.parseInt(value.split("x")[1]);
            default -> 0;
        };
    }
}
