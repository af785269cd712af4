package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@code java -jar benchmarks.jar http <options>}: drives a GeoServer over HTTP with metatile-aware
 * request lists and prints, per phase, the counts, the percentiles, tiles/s and GetMaps per metatile.
 * Phases, in this order: {@code first-tile} (time to first tile, p50 and p90), {@code bursts} (sibling
 * bursts, p50 and p99), {@code load} (clients at each hit ratio, p50 and p99). See docs/benchmark.md.
 */
public final class HttpRun {

    private final HttpOptions options;
    private final PrintStream out;

    public HttpRun(HttpOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /**
     * Parses {@code args}, runs, prints; prints what is wrong and the usage instead when an option is wrong.
     */
    public static void main(List<String> args) throws IOException, InterruptedException {
        try {
            new HttpRun(HttpOptions.parse(args), System.out).run();
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
            System.out.print(HttpOptions.usage());
        }
    }

    /** Runs the chosen phases and returns what each measured. */
    public List<PhaseResult> run() throws IOException, InterruptedException {
        String base = options.text("url").replaceAll("/+$", "");
        Duration timeout = options.seconds("timeout");
        TileGrid grid = TileGrid.of(options.text("gridset"), blankToNull("grid-kind"), blankToNull("srs"));
        int[] zoom = options.zoomRange();
        int[] shape = options.metatile();
        TileUris.Service service = options.service();
        TileUris uris = new TileUris(
                base, service, options.text("wms-path"), options.text("layer"), grid, options.text("format"));
        MetatileList metatiles = MetatileList.of(
                grid,
                zoom[0],
                zoom[1],
                options.box(),
                shape[0],
                shape[1],
                options.integer("seed", 0, Integer.MAX_VALUE));
        List<String> phases = options.phases();
        HttpClient http = TileClient.newHttpClient(timeout);
        GetMapCounter counter = options.text("log-file").isEmpty()
                ? null
                : new GetMapCounter(Path.of(options.text("log-file")), Pattern.compile(options.text("getmap-pattern")));
        Target target = new Target(new TileClient(http, uris, timeout), metatiles, counter);

        out.printf(
                Locale.ROOT,
                "http driver, %s, layer %s, %s %s, zoom %d-%d, metatile %dx%d, %d metatiles to pick from%n",
                base,
                options.text("layer"),
                service,
                grid.name(),
                zoom[0],
                zoom[1],
                shape[0],
                shape[1],
                metatiles.remaining());
        if (options.flag("truncate")) {
            MassTruncate.truncate(http, base, options.text("layer"), options.text("user"), timeout);
            out.println("truncated " + options.text("layer"));
        }
        List<PhaseResult> results = new ArrayList<>();
        for (String phase : phases) {
            switch (phase) {
                case "first-tile" -> report(
                        new FirstTilePhase(target)
                                .run(options.integer("first-tiles", 1, 100_000), options.flag("drain")),
                        results,
                        50,
                        90);
                case "bursts" -> report(
                        new SiblingBurstPhase(target)
                                .run(options.integer("bursts", 1, 100_000), options.integer("burst-size", 1, 400)),
                        results,
                        50,
                        99);
                case "load" -> load(target, results);
                default -> throw new IllegalStateException("unchecked phase " + phase);
            }
        }
        return results;
    }

    private void load(Target target, List<PhaseResult> results) throws IOException, InterruptedException {
        LoadPhase load = new LoadPhase(target);
        int[] ratios = options.integers("hits", 0, 100);
        int hotCount = options.integer("hot-metatiles", 0, 100_000);
        List<Tile> hot = hotCount == 0 ? List.of() : load.storeHotTiles(hotCount);
        out.println("stored " + hot.size() + " tiles of " + hotCount + " hot metatiles");
        for (int ratio : ratios) {
            report(
                    load.run(
                            options.integer("clients", 1, 1_000),
                            new HitPattern(ratio),
                            hot,
                            options.integer("requests", 1, 10_000_000),
                            options.seconds("seconds")),
                    results,
                    50,
                    99);
        }
    }

    private void report(PhaseResult result, List<PhaseResult> results, double... percents) {
        results.add(result);
        out.printf(
                Locale.ROOT,
                "%s  %s  load average %.2f%n",
                Instant.now(),
                result.line(percents),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private String blankToNull(String name) {
        String value = options.text(name);
        return value.isEmpty() ? null : value;
    }
}
