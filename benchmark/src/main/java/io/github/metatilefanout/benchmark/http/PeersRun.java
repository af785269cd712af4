package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code java -jar benchmarks.jar http --peers benchmark/peers/peers.sh --layer light}: the tile caches of
 * {@code benchmark/peers} side by side on one MapServer, in one run. First MapServer's own GetMap of the
 * metatiles every cache's first-tile phase gets, with one tile of each encoded ({@link BackendBound}); then
 * each cache in turn: the warm-up, then every phase of {@link HttpRun} on the same metatiles as the other
 * caches (each keeps its own tile store), GetMaps counted in MapServer's access log and CPU per metatile
 * (the cache's processes and MapServer's, from {@code peers.sh cpu}) over the load phase at 0 % hits, in
 * which every request renders a metatile; last, one table.
 */
public final class PeersRun {

    /**
     * How long after the load phase at 0 % hits its CPU is read: a cache that answers before it stores (the
     * plugin) may still be storing the tiles of its last metatiles.
     */
    private static final Duration SETTLE = Duration.ofSeconds(1);

    private final HttpOptions options;
    private final PeerServers servers;
    private final PrintStream out;

    public PeersRun(HttpOptions options, PeerServers servers, PrintStream out) {
        this.options = options;
        this.servers = servers;
        this.out = out;
    }

    /** What one cache did. */
    public record CacheResult(
            String cache,
            PhaseResult firstTile,
            PhaseResult bursts,
            double cpuPerMetatile,
            double backendCpuPerMetatile,
            List<PhaseResult> loads) {}

    /** Measures the backend, then every running cache of {@code --caches}; prints each phase, then the table. */
    public List<CacheResult> run() throws IOException, InterruptedException {
        Map<String, String> urls = servers.urls();
        Set<String> running = servers.running();
        List<String> caches = options.caches.stream().filter(running::contains).toList();
        if (!running.contains(PeerServers.BACKEND) || caches.isEmpty()) {
            throw new IllegalStateException("running: " + running + "; the comparison needs " + PeerServers.BACKEND
                    + " and one of " + options.caches + " (peers.sh start)");
        }
        TileGrid grid = options.grid();
        HttpClient http = TileClient.newHttpClient(options.timeout());
        Path log = options.logFile != null ? options.logFile : servers.accessLog(System.getenv("PEERS_WORK"));
        GetMapCounter getMaps = new GetMapCounter(
                log,
                Pattern.compile(options.getmapPattern != null ? options.getmapPattern : PeerServers.GETMAP_PATTERN));
        out.printf(
                Locale.ROOT,
                "peers, layer %s, %s, zoom %s, box %s, metatile %s, %d metatiles to pick from; caches %s%n",
                options.layer,
                grid.name(),
                options.zoom,
                options.bbox,
                options.metatile,
                options.metatiles(grid).remaining(),
                String.join(", ", caches));
        BackendBound bound = backend(
                http,
                new MetatileGetMap(urls.get(PeerServers.BACKEND), options.layer, grid, options.format, options.gutter));
        List<CacheResult> results = new ArrayList<>();
        for (String cache : caches) {
            TileClient client =
                    new TileClient(http, new TileUrlTemplate(urls.get(cache), options.layer, grid), options.timeout());
            results.add(cache(cache, new Phases(client, options.metatiles(grid), getMaps)));
        }
        out.print(table(bound, results));
        return results;
    }

    private BackendBound backend(HttpClient http, MetatileGetMap getMap) throws IOException, InterruptedException {
        MetatileList metatiles = options.metatiles(getMap.grid());
        List<Metatile> warmUp = metatiles.take(options.warmUp);
        Map<String, Long> before = servers.cpu();
        BackendBound bound =
                BackendBound.measure(http, options.timeout(), getMap, warmUp, metatiles.take(options.firstTiles));
        double cpu =
                perMetatile(PeerServers.BACKEND_PROCESSES, before, servers.cpu(), warmUp.size() + options.firstTiles);
        out.printf(
                Locale.ROOT,
                "%s; %s CPU %.1f ms per GetMap; load average %.2f%n",
                bound.line(),
                PeerServers.BACKEND_PROCESSES,
                cpu,
                loadAverage());
        return bound;
    }

    private CacheResult cache(String cache, Phases phases) throws IOException, InterruptedException {
        String prefix = String.format("%-8s ", cache);
        if (options.warmUp > 0) {
            phases.firstTile(options.warmUp, options.drain);
        }
        PhaseResult first = HttpRun.print(out, prefix, phases.firstTile(options.firstTiles, options.drain), 50, 90);
        PhaseResult bursts = HttpRun.print(out, prefix, phases.bursts(options.bursts, options.burstSize), 50, 99);
        List<Tile> hot = options.hotMetatiles == 0 ? List.of() : phases.storeHotTiles(options.hotMetatiles);
        List<PhaseResult> loads = new ArrayList<>();
        double cpu = Double.NaN;
        double backendCpu = Double.NaN;
        for (int ratio : options.hits) {
            Map<String, Long> before = ratio == 0 ? servers.cpu() : Map.of();
            PhaseResult load = HttpRun.print(
                    out,
                    prefix,
                    phases.load(
                            options.clients,
                            new HitPattern(ratio),
                            hot,
                            options.requests,
                            Duration.ofSeconds(options.seconds)),
                    50,
                    99);
            if (ratio == 0) {
                Thread.sleep(SETTLE.toMillis()); // tiles of the last metatiles still being stored are counted
                Map<String, Long> after = servers.cpu();
                cpu = perMetatile(cache, before, after, load.metatiles());
                backendCpu = perMetatile(PeerServers.BACKEND_PROCESSES, before, after, load.metatiles());
            }
            loads.add(load);
        }
        return new CacheResult(cache, first, bursts, cpu, backendCpu, loads);
    }

    /** The table: a row per cache, the bound above it. */
    private String table(BackendBound bound, List<CacheResult> results) {
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "%nlayer %s: %s%n%n| cache | first tile p50 ms | p90 ms | p50 / bound | GetMaps per metatile, %d"
                        + " at once | CPU ms per metatile, 0 %% hits | %s CPU ms per metatile |",
                options.layer,
                bound.line(),
                options.burstSize,
                PeerServers.BACKEND_PROCESSES));
        for (int ratio : options.hits) {
            text.append(String.format(Locale.ROOT, " tiles/s, %d clients, %d %% hits |", options.clients, ratio));
        }
        text.append("\n|---|").append("---:|".repeat(6 + options.hits.length)).append('\n');
        for (CacheResult r : results) {
            text.append(String.format(
                    Locale.ROOT,
                    "| %s | %.1f | %.1f | %.2f | %.2f | %.1f | %.1f |",
                    r.cache(),
                    r.firstTile().percentileMillis(50),
                    r.firstTile().percentileMillis(90),
                    r.firstTile().percentileMillis(50) / bound.boundMillis(),
                    r.bursts().getMapsPerMetatile(),
                    r.cpuPerMetatile(),
                    r.backendCpuPerMetatile()));
            r.loads().forEach(load -> text.append(String.format(Locale.ROOT, " %.1f |", load.tilesPerSecond())));
            text.append('\n');
        }
        text.append(String.format(Locale.ROOT, "load average %.2f at end%n", loadAverage()));
        return text.toString();
    }

    private static double perMetatile(String server, Map<String, Long> before, Map<String, Long> after, int count) {
        Long start = before.get(server);
        Long end = after.get(server);
        return start == null || end == null || count == 0 ? Double.NaN : (double) (end - start) / count;
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
