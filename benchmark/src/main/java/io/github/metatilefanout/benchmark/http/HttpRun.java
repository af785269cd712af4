package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
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
 *
 * <p>Run: {@code java -jar benchmark/target/benchmarks.jar http --url http://127.0.0.1:8080/geoserver --layer
 * ne:countries}; {@code http -h} lists every option.
 */
public final class HttpRun {

    private final HttpOptions options;
    private final PrintStream out;

    public HttpRun(HttpOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /** Runs the chosen phases and returns what each measured. */
    public List<PhaseResult> run() throws IOException, InterruptedException {
        String base = options.url.replaceAll("/+$", "");
        TileGrid grid = options.grid();
        int[] zoom = options.zoomRange();
        int[] shape = options.metatileSize();
        TileUris uris = new TileUris(base, options.service, options.wmsPath, options.layer, grid, options.format);
        MetatileList metatiles = options.metatiles(grid);
        HttpClient http = TileClient.newHttpClient(options.timeout());
        GetMapCounter counter = options.logFile == null
                ? null
                : new GetMapCounter(
                        options.logFile,
                        Pattern.compile(
                                options.getmapPattern != null ? options.getmapPattern : GetMapCounter.DEFAULT_PATTERN));
        TileClient client = new TileClient(http, uris, options.timeout());
        Phases phases = new Phases(client, metatiles, counter);
        out.printf(
                Locale.ROOT,
                "http driver, %s, layer %s, %s %s, zoom %d-%d, metatile %dx%d, %d metatiles to pick from%n",
                base,
                options.layer,
                options.service,
                grid.name(),
                zoom[0],
                zoom[1],
                shape[0],
                shape[1],
                metatiles.remaining());
        if (options.truncate) {
            client.truncate(base, options.layer, options.user);
            out.println("truncated " + options.layer);
        }
        if (options.warmUp > 0) {
            phases.firstTile(options.warmUp, options.drain);
        }
        List<PhaseResult> results = new ArrayList<>();
        for (String phase : options.phases) {
            switch (phase) {
                case "first-tile" -> report(phases.firstTile(options.firstTiles, options.drain), results, 50, 90);
                case "bursts" -> report(phases.bursts(options.bursts, options.burstSize), results, 50, 99);
                case "load" -> load(phases, results);
                default -> throw new IllegalStateException("unchecked phase " + phase);
            }
        }
        return results;
    }

    private void load(Phases phases, List<PhaseResult> results) throws IOException, InterruptedException {
        List<Tile> hot = options.hotMetatiles == 0 ? List.of() : phases.storeHotTiles(options.hotMetatiles);
        out.println("stored " + hot.size() + " tiles of " + options.hotMetatiles + " hot metatiles");
        for (int ratio : options.hits) {
            Duration limit = Duration.ofSeconds(options.seconds);
            report(phases.load(options.clients, new HitPattern(ratio), hot, options.requests, limit), results, 50, 99);
        }
    }

    private void report(PhaseResult result, List<PhaseResult> results, double... percents) {
        results.add(result);
        print(out, "", result, percents);
    }

    /** Prints {@code result}'s line, after the time and {@code prefix}, with the load average. */
    static PhaseResult print(PrintStream out, String prefix, PhaseResult result, double... percents) {
        out.printf(
                Locale.ROOT,
                "%s  %s%s  load average %.2f%n",
                Instant.now(),
                prefix,
                result.line(percents),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        return result;
    }
}
