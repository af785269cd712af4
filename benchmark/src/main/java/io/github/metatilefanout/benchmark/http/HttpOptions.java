package io.github.metatilefanout.benchmark.http;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The options of {@code java -jar benchmarks.jar http}: {@code --name value} pairs over defaults. */
public final class HttpOptions {

    /** Every option with its default ("" for none) and what it means, as the usage text prints them. */
    static final Map<String, String[]> OPTIONS = new LinkedHashMap<>();

    static {
        option("url", "", "GeoServer's base address, e.g. http://127.0.0.1:8080/geoserver (required)");
        option("layer", "", "the tile layer, e.g. ne:countries (required)");
        option("service", "wmts", "wmts (KVP GetTile) or wms (GetMap with TILED=true)");
        option("wms-path", "/gwc/service/wms", "where wms requests go; /wms with GeoWebCache's direct WMS integration");
        option("gridset", "EPSG:900913", "the grid set");
        option("grid-kind", "", "mercator or geographic, for a grid set the driver does not know");
        option("srs", "", "the WMS SRS of the grid set (default: the grid set's name if it is an EPSG code)");
        option("format", "image/png", "the tile format");
        option("zoom", "6-7", "zoom levels, e.g. 6 or 5-8");
        option("bbox", "-180,-85,180,85", "west,south,east,north in degrees: where tiles are picked");
        option("metatile", "4x4", "the layer's metatile size, e.g. 4x4 or 10x10");
        option("phases", "first-tile,bursts,load", "which of first-tile, bursts, load to run, in that order");
        option("first-tiles", "60", "first-tile: uncached metatiles asked for, one request each");
        option(
                "drain",
                "true",
                "first-tile: ask for each metatile's other tiles after the timed one (false on a"
                        + " zoom level the server does not cache)");
        option("bursts", "20", "bursts: uncached metatiles, each asked for its tiles at once");
        option("burst-size", "16", "bursts: tiles asked for at once (at most the metatile's)");
        option("clients", "8", "load: client threads");
        option("hits", "0,75", "load: hit ratios in %, one load phase each");
        option("hot-metatiles", "24", "load: metatiles stored before the load phases, where hits ask");
        option("requests", "800", "load: requests per phase at most");
        option("seconds", "60", "load: seconds per phase at most");
        option("timeout", "30", "seconds to wait for one answer");
        option("seed", "1", "shuffles the metatiles; another seed picks others");
        option("truncate", "false", "true: truncate the layer first (POST /gwc/rest/masstruncate, needs --user)");
        option("user", "", "user:password for --truncate");
        option("log-file", "", "GeoServer's log (geoserver.log): count the GetMaps in it");
        option("getmap-pattern", GetMapCounter.DEFAULT_PATTERN, "the regular expression of a GetMap's log line");
    }

    private static final List<String> PHASES = List.of("first-tile", "bursts", "load");

    private final Map<String, String> values = new LinkedHashMap<>();

    private HttpOptions() {}

    private static void option(String name, String fallback, String help) {
        OPTIONS.put(name, new String[] {fallback, help});
    }

    /** Reads {@code --name value} pairs; fails on an unknown name, a missing value or a missing required one. */
    public static HttpOptions parse(List<String> args) {
        HttpOptions options = new HttpOptions();
        OPTIONS.forEach((name, spec) -> options.values.put(name, spec[0]));
        for (int i = 0; i < args.size(); i += 2) {
            String arg = args.get(i);
            String name = arg.startsWith("--") ? arg.substring(2) : arg;
            if (!OPTIONS.containsKey(name)) {
                throw new IllegalArgumentException(
                        "unknown option " + arg + "; allowed: --" + String.join(", --", OPTIONS.keySet()));
            }
            if (i + 1 == args.size()) {
                throw new IllegalArgumentException("option " + arg + " has no value");
            }
            options.values.put(name, args.get(i + 1));
        }
        for (String required : List.of("url", "layer")) {
            if (options.text(required).isEmpty()) {
                throw new IllegalArgumentException("--" + required + " is required");
            }
        }
        return options;
    }

    /** The option's value, "" when not given and without default. */
    public String text(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no option " + name);
        }
        return value.trim();
    }

    /** The option as an integer in {@code min..max}. */
    public int integer(String name, int min, int max) {
        return checked(name, number(name, text(name)), min, max);
    }

    /** The option as a list of integers, each in {@code min..max}. */
    public int[] integers(String name, int min, int max) {
        return Arrays.stream(text(name).split(","))
                .map(String::trim)
                .mapToInt(v -> checked(name, number(name, v), min, max))
                .toArray();
    }

    /** The option as true or false. */
    public boolean flag(String name) {
        return switch (text(name)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--" + name + " is " + text(name) + "; allowed: true, false");
        };
    }

    /** The option as a number of seconds, 1 to a day. */
    public Duration seconds(String name) {
        return Duration.ofSeconds(integer(name, 1, 86_400));
    }

    /** {@code --service}. */
    public TileUris.Service service() {
        return switch (text("service")) {
            case "wmts" -> TileUris.Service.WMTS;
            case "wms" -> TileUris.Service.WMS;
            default -> throw new IllegalArgumentException("--service is " + text("service") + "; allowed: wmts, wms");
        };
    }

    /** {@code --phases}, each one of first-tile, bursts, load. */
    public List<String> phases() {
        List<String> phases = List.of(text("phases").split("\\s*,\\s*"));
        for (String phase : phases) {
            if (!PHASES.contains(phase)) {
                throw new IllegalArgumentException("--phases has " + phase + "; allowed: " + String.join(", ", PHASES));
            }
        }
        return phases;
    }

    /** {@code --zoom} as {min, max}. */
    public int[] zoomRange() {
        String[] parts = text("zoom").split("-");
        int min = checked("zoom", number("zoom", parts[0].trim()), 0, 30);
        int max = parts.length > 1 ? checked("zoom", number("zoom", parts[1].trim()), min, 30) : min;
        return new int[] {min, max};
    }

    /** {@code --metatile} as {width, height}. */
    public int[] metatile() {
        String[] parts = text("metatile").toLowerCase().split("x");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--metatile is " + text("metatile") + "; allowed: WxH, e.g. 4x4");
        }
        return new int[] {
            checked("metatile", number("metatile", parts[0]), 1, 20),
            checked("metatile", number("metatile", parts[1]), 1, 20)
        };
    }

    /** {@code --bbox} as {west, south, east, north}. */
    public double[] box() {
        String wrong = "--bbox is " + text("bbox") + "; allowed: west,south,east,north in degrees, west < east"
                + " within -180..180, south < north within -90..90";
        double[] box;
        try {
            box = Arrays.stream(text("bbox").split(","))
                    .mapToDouble(Double::parseDouble)
                    .toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(wrong);
        }
        if (box.length != 4
                || box[0] >= box[2]
                || box[1] >= box[3]
                || box[0] < -180
                || box[2] > 180
                || box[1] < -90
                || box[3] > 90) {
            throw new IllegalArgumentException(wrong);
        }
        return box;
    }

    private static int number(String name, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " has " + text + ", not an integer");
        }
    }

    private static int checked(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    "--" + name + " is " + value + "; allowed range is " + min + " to " + max);
        }
        return value;
    }

    /** The usage text: every option, its default and meaning. */
    static String usage() {
        StringBuilder text =
                new StringBuilder("Usage: java -jar benchmarks.jar http --url <GeoServer> --layer <layer> [options]\n");
        OPTIONS.forEach((name, spec) -> text.append(
                String.format("  --%-15s %s%s%n", name, spec[1], spec[0].isEmpty() ? "" : " [" + spec[0] + "]")));
        return text.toString();
    }
}
