package io.github.metatilefanout.benchmark.http;

import static io.github.metatilefanout.benchmark.http.PhaseResult.format;

import io.github.metatilefanout.benchmark.BenchmarkMain;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;

/**
 * The http driver's run: the phases on one server ({@link #run()}), or on every cache of {@code
 * benchmark/peers} in turn ({@link #peers}), each phase a line with its counts, percentiles, tiles/s and
 * GetMaps per metatile.
 */
public final class HttpRun {

    private final HttpOptions options;
    private final PrintStream out;
    private final HttpClient http;

    public HttpRun(HttpOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
        this.http = TileClient.newHttpClient(options.timeout());
    }

    /** What one cache did; its CPU per metatile is that of the load phase at 0 % hits (NaN without it). */
    public record CacheResult(String cache, PhaseResult firstTile, PhaseResult bursts, List<PhaseResult> loads) {

        public double cpuPerMetatile() {
            return allMissesCpuPerMetatile(cache);
        }

        public double backendCpuPerMetatile() {
            return allMissesCpuPerMetatile(PeerServers.BACKEND_PROCESSES);
        }

        private double allMissesCpuPerMetatile(String server) {
            return loads.stream()
                    .filter(load -> load.name().endsWith(" 0 % hits"))
                    .mapToDouble(load -> load.cpuPerMetatile(server))
                    .findFirst()
                    .orElse(Double.NaN);
        }
    }

    /** {@code --url}: runs the chosen phases on one server and returns what each measured. */
    public List<PhaseResult> run() throws IOException, InterruptedException {
        String base = options.url.replaceAll("/+$", "");
        TileGrid grid = options.grid();
        MetatileList metatiles = options.metatiles(grid);
        var uris = TileClient.geoServer(base, options.service, options.layer, grid, options.format);
        TileClient client = new TileClient(http, uris, options.timeout());
        out.println("http driver, " + base + ", layer " + options.layer + ", " + options.service + " " + grid.name()
                + ", zoom " + options.zoom + ", metatile " + options.metatile + ", " + metatiles.remaining()
                + " metatiles to pick from");
        if (options.truncate) {
            client.truncate(base, options.layer, options.user);
            out.println("truncated " + options.layer);
        }
        GetMapCounter getMaps = options.logFile == null
                ? null
                : new GetMapCounter(options.logFile, getMapPattern(GetMapCounter.DEFAULT_PATTERN));
        return phases(new Phases(client, metatiles, getMaps, null), "", options.phases);
    }

    /**
     * {@code --peers}: first MapServer's own GetMap of the metatiles of the first-tile phase ({@link
     * BackendBound}); then {@code --rounds} rounds of each running cache of {@code --caches} in turn, every phase
     * on the same metatiles, GetMaps counted in MapServer's access log, the order reversed every other round and
     * each round on metatiles no earlier round took; a table per round, and the means of all rounds.
     *
     * @return every cache's results, round after round
     */
    public List<CacheResult> peers(PeerServers servers) throws IOException, InterruptedException {
        Map<String, String> urls = servers.urls();
        Set<String> running = servers.running();
        List<String> caches = options.caches.stream().filter(running::contains).toList();
        if (!running.contains(PeerServers.BACKEND) || caches.isEmpty()) {
            throw new IllegalStateException("running: " + running + "; the comparison needs " + PeerServers.BACKEND
                    + " and one of " + options.caches + " (peers.sh start)");
        }
        TileGrid grid = options.grid();
        Path log = options.logFile != null ? options.logFile : servers.accessLog(System.getenv("PEERS_WORK"));
        GetMapCounter getMaps = new GetMapCounter(log, getMapPattern(PeerServers.GETMAP_PATTERN));
        out.println("peers, layer " + options.layer + ", " + grid.name() + ", zoom " + options.zoom + ", box "
                + options.bbox + ", metatile " + options.metatile + ", "
                + options.metatiles(grid).remaining()
                + " metatiles to pick from; caches " + String.join(", ", caches));
        String wms = urls.get(PeerServers.BACKEND);
        BackendBound bound =
                backend(servers, new BackendBound.GetMap(wms, options.layer, grid, options.format, options.gutter));
        List<CacheResult> all = new ArrayList<>();
        int taken = 0;
        for (int round = 1; round <= options.rounds; round++) {
            List<String> order = new ArrayList<>(caches);
            if (round % 2 == 0) {
                Collections.reverse(order);
            }
            if (options.rounds > 1) {
                out.println(format("round %d of %d, caches %s", round, options.rounds, String.join(", ", order)));
            }
            List<CacheResult> results = new ArrayList<>();
            int takenThisRound = 0;
            for (String cache : order) {
                TileClient client = new TileClient(
                        http, TileClient.template(urls.get(cache), options.layer, grid), options.timeout());
                MetatileList metatiles = options.metatiles(grid);
                metatiles.take(taken);
                int before = metatiles.remaining();
                Phases phases = new Phases(client, metatiles, getMaps, servers);
                List<PhaseResult> done = phases(phases, format("%-8s ", cache), HttpOptions.PHASES);
                results.add(new CacheResult(cache, done.get(0), done.get(1), done.subList(2, done.size())));
                takenThisRound = Math.max(takenThisRound, before - metatiles.remaining());
            }
            taken += takenThisRound;
            out.print(table(bound, results));
            all.addAll(results);
        }
        if (options.rounds > 1) {
            out.print(meanTable(bound, caches, all));
        }
        return all;
    }

    private Pattern getMapPattern(String byDefault) {
        return Pattern.compile(options.getmapPattern != null ? options.getmapPattern : byDefault);
    }

    /** {@code --warm-up}, then each of {@code which}, each phase's line printed after {@code prefix}. */
    private List<PhaseResult> phases(Phases phases, String prefix, List<String> which)
            throws IOException, InterruptedException {
        if (options.warmUp > 0) {
            phases.firstTile(options.warmUp, options.drain);
        }
        List<PhaseResult> results = new ArrayList<>();
        for (String phase : which) {
            if (phase.equals("first-tile")) {
                results.add(print(prefix, phases.firstTile(options.firstTiles, options.drain), 50, 90, 99));
            } else if (phase.equals("bursts")) {
                results.add(print(prefix, phases.bursts(options.bursts, options.burstSize), 50, 99));
            } else {
                List<Tile> hot = options.hotMetatiles == 0 ? List.of() : phases.storeHotTiles(options.hotMetatiles);
                out.println(prefix + "stored " + hot.size() + " tiles of " + options.hotMetatiles + " hot metatiles");
                for (int ratio : options.hits) {
                    Duration limit = Duration.ofSeconds(options.seconds);
                    results.add(
                            print(prefix, phases.load(options.clients, ratio, hot, options.requests, limit), 50, 99));
                }
            }
        }
        return results;
    }

    /** MapServer's GetMaps of the metatiles the first-tile phase will take, and its CPU time per GetMap. */
    private BackendBound backend(PeerServers servers, BackendBound.GetMap getMap)
            throws IOException, InterruptedException {
        MetatileList metatiles = options.metatiles(getMap.grid());
        List<Metatile> warmUp = metatiles.take(options.warmUp);
        Long start = servers.cpu().get(PeerServers.BACKEND_PROCESSES);
        BackendBound bound =
                BackendBound.measure(http, options.timeout(), getMap, warmUp, metatiles.take(options.firstTiles));
        Long end = servers.cpu().get(PeerServers.BACKEND_PROCESSES);
        double cpu = start == null || end == null
                ? Double.NaN
                : (double) (end - start) / (warmUp.size() + options.firstTiles);
        out.println(bound.line()
                + format(
                        "; %s CPU %.1f ms per GetMap; load average %.2f",
                        PeerServers.BACKEND_PROCESSES, cpu, BenchmarkMain.loadAverage()));
        return bound;
    }

    /** The table: a row per cache, the bound above it. */
    private String table(BackendBound bound, List<CacheResult> results) {
        StringBuilder text = new StringBuilder(format(
                "%nlayer %s: %s%n%n| cache | first tile p50 ms | p90 ms | p50 / bound | GetMaps per metatile, %d"
                        + " at once | CPU ms per metatile, 0 %% hits | %s CPU ms per metatile |",
                options.layer, bound.line(), options.burstSize, PeerServers.BACKEND_PROCESSES));
        for (int ratio : options.hits) {
            text.append(format(" tiles/s, %d clients, %d %% hits |", options.clients, ratio));
        }
        text.append("\n|---|").append("---:|".repeat(6 + options.hits.length)).append('\n');
        for (CacheResult r : results) {
            PhaseResult first = r.firstTile();
            double p50 = first.percentileMillis(50);
            text.append(format(
                            "| %s | %.1f | %.1f | %.2f |",
                            r.cache(), p50, first.percentileMillis(90), p50 / bound.boundMillis()))
                    .append(format(
                            " %.2f | %.1f | %.1f |",
                            r.bursts().getMapsPerMetatile(), r.cpuPerMetatile(), r.backendCpuPerMetatile()));
            r.loads().forEach(load -> text.append(format(" %.1f |", load.tilesPerSecond())));
            text.append('\n');
        }
        return text.append(format("load average %.2f at end%n", BenchmarkMain.loadAverage()))
                .toString();
    }

    /** Per cache, the mean over the rounds of each figure of {@link #table}. */
    private String meanTable(BackendBound bound, List<String> caches, List<CacheResult> all) {
        StringBuilder text = new StringBuilder(format(
                "%nlayer %s, mean of %d rounds, the caches' order alternating: %s%n%n| cache | first tile p50 ms"
                        + " | p50 / bound | CPU ms per metatile, 0 %% hits |",
                options.layer, options.rounds, bound.line()));
        for (int ratio : options.hits) {
            text.append(format(" tiles/s, %d clients, %d %% hits |", options.clients, ratio));
        }
        text.append("\n|---|").append("---:|".repeat(3 + options.hits.length)).append('\n');
        for (String cache : caches) {
            List<CacheResult> rounds =
                    all.stream().filter(r -> r.cache().equals(cache)).toList();
            double p50 = mean(rounds, r -> r.firstTile().percentileMillis(50));
            text.append(format(
                    "| %s | %.1f | %.2f | %.1f |",
                    cache, p50, p50 / bound.boundMillis(), mean(rounds, CacheResult::cpuPerMetatile)));
            for (int i = 0; i < options.hits.length; i++) {
                int load = i;
                text.append(
                        format(" %.1f |", mean(rounds, r -> r.loads().get(load).tilesPerSecond())));
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static double mean(List<CacheResult> results, ToDoubleFunction<CacheResult> figure) {
        return results.stream().mapToDouble(figure).average().orElse(Double.NaN);
    }

    /** Prints {@code result}'s line after the time and {@code prefix}, with the load average. */
    private PhaseResult print(String prefix, PhaseResult result, double... percents) {
        out.println(Instant.now() + "  " + prefix + result.line(percents)
                + format("  load average %.2f", BenchmarkMain.loadAverage()));
        return result;
    }
}
