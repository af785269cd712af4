package io.github.metatilefanout.benchmark.http;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar benchmarks.jar http <options>}: drives a tile server over HTTP, or with {@code --peers}
 * every tile cache of {@code benchmark/peers} in turn ({@link HttpRun}). A value out of range is refused
 * with the value and what is allowed.
 */
@Command(
        name = "http",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        showDefaultValues = true,
        description = "Drives a GeoServer (or any WMTS tile server) over HTTP with metatile-aware requests.")
public final class HttpOptions implements Callable<Integer> {

    /** The phases, in the order they run. */
    static final List<String> PHASES = List.of("first-tile", "bursts", "load");

    @Spec
    CommandSpec spec;

    @Option(names = "--url", description = "base address, e.g. http://127.0.0.1:8080/geoserver")
    String url;

    @Option(names = "--peers", description = "in place of --url: benchmark/peers/peers.sh; each cache in turn")
    Path peers;

    @Option(names = "--caches", defaultValue = "mapproxy,mapcache,gwc,fanout", split = ",", description = "--peers")
    List<String> caches;

    @Option(
            names = "--rounds",
            defaultValue = "1",
            description = "--peers: rounds of --caches, the order reversed every other round, on new metatiles")
    int rounds;

    @Option(names = "--gutter", defaultValue = "${env:PEERS_GUTTER:-32}", description = "--peers: pixels, each side")
    int gutter;

    @Option(names = "--layer", required = true, description = "the tile layer, e.g. ne:countries")
    String layer;

    @Option(names = "--service", defaultValue = "wmts", description = "wmts (GetTile) or wms (GetMap, TILED=true)")
    TileClient.Service service;

    @Option(
            names = "--gridset",
            defaultValue = "EPSG:900913",
            description = "or EPSG:3857, GoogleMapsCompatible, EPSG:4326")
    String gridset;

    @Option(names = "--format", defaultValue = "image/png")
    String format;

    @Option(names = "--zoom", defaultValue = "6-7", description = "zoom levels, e.g. 6 or 5-8")
    String zoom;

    @Option(names = "--bbox", defaultValue = "-180,-85,180,85", description = "west,south,east,north in degrees")
    String bbox;

    @Option(names = "--metatile", defaultValue = "4x4", description = "the layer's metatile size, e.g. 10x10")
    String metatile;

    @Option(names = "--phases", defaultValue = "first-tile,bursts,load", split = ",")
    List<String> phases;

    @Option(names = "--warm-up", defaultValue = "0", description = "uncached metatiles asked for first, not counted")
    int warmUp;

    @Option(names = "--first-tiles", defaultValue = "60", description = "first-tile: uncached metatiles")
    int firstTiles;

    @Option(names = "--drain", arity = "1", defaultValue = "true", description = "first-tile: then the other tiles")
    boolean drain;

    @Option(names = "--bursts", defaultValue = "20", description = "bursts: uncached metatiles")
    int bursts;

    @Option(names = "--burst-size", defaultValue = "16", description = "bursts: tiles asked for at once")
    int burstSize;

    @Option(names = "--clients", defaultValue = "8", description = "load: client threads")
    int clients;

    @Option(names = "--hits", defaultValue = "0,75", split = ",", description = "load: hit ratios in %%, a phase each")
    int[] hits;

    @Option(names = "--hot-metatiles", defaultValue = "24", description = "load: metatiles stored first, for hits")
    int hotMetatiles;

    @Option(names = "--requests", defaultValue = "800", description = "load: requests per phase at most")
    int requests;

    @Option(names = "--seconds", defaultValue = "60", description = "load: seconds per phase at most")
    int seconds;

    @Option(names = "--timeout", defaultValue = "30", description = "seconds to wait for one answer")
    int timeout;

    @Option(names = "--seed", defaultValue = "1", description = "shuffles the metatiles")
    int seed;

    @Option(names = "--truncate", arity = "1", defaultValue = "false", description = "truncate the layer first")
    boolean truncate;

    @Option(names = "--user", defaultValue = "", description = "user:password for --truncate")
    String user;

    @Option(names = "--log-file", description = "geoserver.log, or --peers: MapServer's access log")
    Path logFile;

    @Option(
            names = "--getmap-pattern",
            description = "a GetMap's log line (default: " + GetMapCounter.DEFAULT_PATTERN + "; --peers: "
                    + PeerServers.GETMAP_PATTERN + ")")
    String getmapPattern;

    @Override
    public Integer call() throws Exception {
        check();
        HttpRun run = new HttpRun(this, System.out);
        if (peers != null) {
            run.peers(new PeerServers(peers));
        } else {
            run.run();
        }
        return 0;
    }

    /** Refuses values out of range, naming the value and what is allowed. */
    void check() {
        if ((url == null) == (peers == null)) {
            refuse("give either --url or --peers");
        }
        range("--warm-up", warmUp, 0, 100_000);
        range("--gutter", gutter, 0, 1_024);
        range("--first-tiles", firstTiles, 1, 100_000);
        range("--bursts", bursts, 1, 100_000);
        range("--burst-size", burstSize, 1, 400);
        range("--clients", clients, 1, 1_000);
        Arrays.stream(hits).forEach(h -> range("--hits", h, 0, 100));
        range("--hot-metatiles", hotMetatiles, 0, 100_000);
        range("--requests", requests, 1, 10_000_000);
        range("--seconds", seconds, 1, 86_400);
        range("--timeout", timeout, 1, 86_400);
        range("--seed", seed, 0, Integer.MAX_VALUE);
        range("--rounds", rounds, 1, 100);
        phases.stream()
                .filter(p -> !PHASES.contains(p))
                .findFirst()
                .ifPresent(p -> refuse("--phases has " + p + "; allowed: " + String.join(", ", PHASES)));
        grid();
        zoomRange();
        metatileSize();
        box();
    }

    TileGrid grid() {
        try {
            return TileGrid.of(gridset);
        } catch (IllegalArgumentException e) {
            throw refuse(e.getMessage());
        }
    }

    /** The metatiles of {@code --zoom}, {@code --metatile} and {@code --bbox}, in {@code --seed}'s order. */
    MetatileList metatiles(TileGrid grid) {
        int[] zoom = zoomRange();
        int[] shape = metatileSize();
        return MetatileList.of(grid, zoom[0], zoom[1], box(), shape[0], shape[1], seed);
    }

    /** {@code --zoom} as {min, max}. */
    int[] zoomRange() {
        String[] parts = zoom.split("-");
        int min = range("--zoom", number("--zoom", parts[0]), 0, 30);
        return new int[] {min, parts.length > 1 ? range("--zoom", number("--zoom", parts[1]), min, 30) : min};
    }

    /** {@code --metatile} as {width, height}. */
    int[] metatileSize() {
        String[] parts = metatile.toLowerCase().split("x");
        if (parts.length != 2) {
            refuse("--metatile is " + metatile + "; allowed: WxH, e.g. 4x4");
        }
        return Arrays.stream(parts)
                .mapToInt(p -> range("--metatile", number("--metatile", p), 1, 20))
                .toArray();
    }

    /** {@code --bbox} as {west, south, east, north}. */
    double[] box() {
        double[] b =
                Arrays.stream(bbox.split(",")).mapToDouble(HttpOptions::decimal).toArray();
        if (b.length != 4
                || !(b[0] < b[2] && b[1] < b[3] && b[0] >= -180 && b[2] <= 180 && b[1] >= -90 && b[3] <= 90)) {
            refuse("--bbox is " + bbox + "; allowed: west,south,east,north in degrees, west < east within"
                    + " -180..180, south < north within -90..90");
        }
        return b;
    }

    Duration timeout() {
        return Duration.ofSeconds(timeout);
    }

    private static double decimal(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private int number(String name, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw refuse(name + " has " + text + ", not an integer");
        }
    }

    private int range(String name, int value, int min, int max) {
        if (value < min || value > max) {
            refuse(name + " is " + value + "; allowed range is " + min + " to " + max);
        }
        return value;
    }

    private ParameterException refuse(String message) {
        throw new ParameterException(spec.commandLine(), message);
    }
}
