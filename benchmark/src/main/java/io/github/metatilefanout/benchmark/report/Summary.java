package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A run's results as Markdown tables, one per benchmark: a row per scenario (in the order they ran), a
 * column per strategy (or method) with its ratio to {@code sequential}, and the bounds the same run
 * measured. Only a confidence interval decides a verdict ({@link NoWorseCheck}); other comparisons are shown.
 */
public final class Summary {

    /** The strategy every ratio is to. */
    static final String BASELINE = Strategy.SEQUENTIAL.toString();

    /** How a benchmark's trials read: the table's title, the figures per strategy (joined by " / "), their format. */
    record Table(String title, List<String> figures, String format) {}

    /**
     * A table's figures, for the text and the chart: the title with the parameters every row shares, the
     * parameters that differ, the strategies (or methods) in column order, a row per scenario.
     */
    record Grid(
            String benchmark, String title, List<String> varying, List<String> owners, List<Trial> rows, Table table) {

        /** The first figure of {@code owner} in {@code row}. */
        double value(Trial row, String owner) {
            return row.figure(owner, table.figures().get(0));
        }

        /** The varying parameters of {@code row}, such as {@code 75% 4x4 1}. */
        String label(Trial row) {
            return String.join(" ", cells(row));
        }

        List<String> cells(Trial row) {
            return varying.stream().map(p -> shown(p, row.scenario().get(p))).toList();
        }
    }

    private final List<Trial> trials;
    private final NoWorseCheck check = new NoWorseCheck();

    public Summary(List<Trial> trials) {
        this.trials = List.copyOf(trials);
    }

    static Table table(String benchmark) {
        return switch (benchmark) {
            case "ThroughputBenchmark" -> new Table(
                    "Throughput, tiles/s, each strategy in a JVM of its own", List.of("tiles"), "%.1f");
            case "ThroughputBenchmark in turn" -> new Table(
                    "Throughput, tiles/s, strategies in turn in one JVM", List.of("tiles"), "%.1f");
            case "FirstTileBenchmark" -> new Table(
                    "Time to first tile, ms, p50 (one client, idle server)", List.of("p50"), "%.1f");
            case "RenderEncodeBenchmark" -> new Table(
                    "Rendering a metatile, encoding one tile, ms, p50", List.of("p50"), "%.2f");
            case "LoadedFirstTileBenchmark in turn" -> new Table(
                    "Time to first tile under load, ms, p50 / p99 / mean; tiles/s (every request a miss)",
                    List.of("latency.p50", "latency.p99", "latency", "tiles"),
                    "%.1f");
            case "ClusterBenchmark in turn" -> new Table(
                    "Two nodes on a PostgreSQL lock registry, every request a miss: time to first tile, ms, p50 / p99;"
                            + " tiles/s; lock operations per metatile",
                    List.of("latency.p50", "latency.p99", "tiles", "locks.perMetatile"),
                    "%.1f");
            case "PostgresLockBenchmark" -> new Table(
                    "A lock of the PostgreSQL lock registry, ms, p50 / p99", List.of("p50", "p99"), "%.2f");
            case "ObjectStoreSeedingBenchmark" -> new Table(
                    "Seeding an S3-compatible store, 16 metatiles on 4 threads: tiles/s / ms per batch / objects counted"
                            + " / tiles seeded",
                    List.of("tiles", "score", "objects", "seeded"),
                    "%.0f");
            case "ObjectStoreMissBenchmark" -> new Table(
                    "Time to first tile on an S3-compatible store, ms, p50 / p99 (one client, idle engine)",
                    List.of("p50", "p99"),
                    "%.1f");
            default -> new Table(benchmark, List.of("score"), "%.2f");
        };
    }

    /** The grids of the benchmarks measured, in the order they ran. */
    public List<Grid> grids() {
        Map<String, Map<String, Trial>> byBenchmark = new LinkedHashMap<>();
        trials.forEach(t -> byBenchmark
                .computeIfAbsent(t.benchmark(), b -> new LinkedHashMap<>())
                .merge(t.scenarioKey(), t, Summary::merged));
        List<Grid> grids = new ArrayList<>();
        byBenchmark.forEach((benchmark, byScenario) -> {
            Table table = table(benchmark);
            List<Trial> rows = List.copyOf(byScenario.values());
            Set<String> owners = new LinkedHashSet<>(
                    Arrays.stream(Strategy.values()).map(Strategy::toString).toList());
            rows.forEach(r -> owners.addAll(r.figures().keySet()));
            String first = table.figures().get(0);
            owners.removeIf(o -> rows.stream().allMatch(r -> Double.isNaN(r.figure(o, first))));
            Map<String, Set<String>> values = new TreeMap<>();
            rows.forEach(r -> r.scenario().forEach((p, v) -> values.computeIfAbsent(p, k -> new LinkedHashSet<>())
                    .add(v)));
            List<String> varying = new ArrayList<>();
            StringBuilder title = new StringBuilder(table.title());
            values.forEach((p, v) -> {
                if (v.size() > 1) {
                    varying.add(p);
                } else {
                    title.append(", " + p + " " + shown(p, v.iterator().next()));
                }
            });
            grids.add(new Grid(benchmark, title.toString(), varying, List.copyOf(owners), rows, table));
        });
        return grids;
    }

    /** Every grid as a Markdown table, with its verdicts under it. */
    public String text() {
        StringBuilder md = new StringBuilder();
        for (Grid grid : grids()) {
            List<String> headings = new ArrayList<>(grid.varying());
            headings.addAll(grid.owners());
            List<List<String>> cells = new ArrayList<>();
            List<String> verdicts = new ArrayList<>();
            for (Trial row : grid.rows()) {
                List<String> line = new ArrayList<>(grid.cells(row));
                grid.owners().forEach(owner -> line.add(cell(grid, row, owner)));
                Map<String, String> bounds = bounds(grid.benchmark(), row);
                if (headings.size() < line.size() + bounds.size()) {
                    headings.addAll(bounds.keySet());
                }
                line.addAll(bounds.values());
                cells.add(line);
                verdicts.addAll(verdicts(grid.benchmark(), row));
            }
            md.append("### ").append(grid.title()).append("\n\n").append(markdown(headings, cells));
            verdicts.forEach(v -> md.append(v).append("\n\n"));
        }
        return md.toString();
    }

    private static String cell(Grid grid, Trial row, String owner) {
        List<String> shown = grid.table().figures().stream()
                .map(f -> number(grid.table().format(), row.figure(owner, f)))
                .toList();
        String text = String.join(" / ", shown);
        double ratio = grid.value(row, owner) / grid.value(row, BASELINE);
        if (shown.size() == 1 && !owner.equals(BASELINE) && !Double.isNaN(ratio)) {
            text += number(" (x%.2f)", ratio);
        }
        return text.equals("-") ? "" : text;
    }

    /** The bounds the same run measured beside a row, by heading. */
    private Map<String, String> bounds(String benchmark, Trial row) {
        Map<String, String> bounds = new LinkedHashMap<>();
        Map<String, String> scenario = row.scenario();
        switch (benchmark) {
            case "ThroughputBenchmark" -> {
                bounds.put("fanout peak images (bound)", peakImages(row));
                bounds.put("upstream-2.27 peak images", number("%.0f", row.figure("upstream-2.27", "images.peak")));
            }
            case "ThroughputBenchmark in turn" -> {
                // with a core to spare fanout still renders and encodes one tile on the request thread, and
                // serves the hits: a client's time per miss is at least that part of sequential's
                int clients = Counts.resolve(scenario.get("clients"));
                int hits = Integer.parseInt(scenario.get("hits"));
                double perMiss = clients * 1000 / row.figure(BASELINE, "tiles") * 100 / (100 - hits);
                double hitsPerMiss = (double) hits / (100 - hits);
                double hitMillis = hits == 0 ? 0 : row.figure(BASELINE, "hit.ms");
                double kept =
                        row.figure(BASELINE, "render.ms") + row.figure(BASELINE, "encode.ms") + hitsPerMiss * hitMillis;
                bounds.put(
                        "most fanout can gain",
                        clients >= Counts.resolve("cores") ? "" : number("x%.2f", perMiss / kept));
            }
            case "LoadedFirstTileBenchmark in turn" -> {
                bounds.put("fanout peak images (bound)", peakImages(row));
                // with every core busy, requests/s is cores / CPU per request and the mean wait clients over
                // that (Little's law): no design has a lower mean than sequential without less CPU per request
                double cpu = row.figure(BASELINE, "cpu.perRequest");
                double fanoutCpu = row.figure("fanout", "cpu.perRequest");
                bounds.put(
                        "CPU per request, ms",
                        Double.isNaN(cpu) || Double.isNaN(fanoutCpu)
                                ? ""
                                : String.format(Locale.ROOT, "%.1f / %.1f (x%.2f)", cpu, fanoutCpu, fanoutCpu / cpu));
                // only these answer after the render and one encode; the others' time pays for it
                double handedOff = row.figure("fanout", "jobs.handedOff");
                double share = handedOff / (handedOff + row.figure("fanout", "jobs.ranOnCaller"));
                bounds.put("fanout metatiles handed off", number("%.0f %%", 100 * share));
            }
            case "FirstTileBenchmark" -> {
                // render p50 plus one encode p50 of the same metatile shape and format, measured on their own
                double floor = trials.stream()
                        .filter(t -> t.benchmark().equals("RenderEncodeBenchmark"))
                        .filter(t -> t.scenario().get("metatile").equals(scenario.get("metatile")))
                        .filter(t -> t.scenario().get("format").equals(scenario.get("format")))
                        .reduce(Summary::merged)
                        .map(t -> t.figure("render", "p50") + t.figure("encodeTile", "p50"))
                        .orElse(Double.NaN);
                bounds.put("render + one encode", number("%.1f", floor));
                bounds.put("fanout / (render + one encode)", number("%.2f", row.figure("fanout", "p50") / floor));
            }
            default -> {}
        }
        return bounds;
    }

    /** fanout's peak of images alive beside its bound: pool + queue (as long as the pool) + clients. */
    private static String peakImages(Trial row) {
        int bound = 2 * Counts.resolve(row.scenario().get("pool"))
                + Counts.resolve(row.scenario().get("clients"));
        double peak = row.figure("fanout", "images.peak");
        return Double.isNaN(peak) ? "" : number("%.0f", peak) + " (" + bound + ")";
    }

    /** Under load, each strategy running this project's engine judged against sequential. */
    private List<String> verdicts(String benchmark, Trial row) {
        if (!benchmark.startsWith("LoadedFirstTile") && !benchmark.startsWith("Cluster")) {
            return List.of();
        }
        return Arrays.stream(Strategy.values())
                .filter(s -> s.runsEngine() && row.figures().containsKey(s.toString()))
                .map(s -> check.judge(
                                row.requestTimes().getOrDefault(s.toString(), Collections.emptySortedMap()),
                                row.requestTimes().getOrDefault(BASELINE, Collections.emptySortedMap()))
                        .line(s + " against " + BASELINE + ", " + row.scenarioKey()))
                .toList();
    }

    /** A Markdown table, its columns padded to line up on a terminal. */
    private static String markdown(List<String> headings, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>(List.of(headings, new ArrayList<>()));
        all.addAll(rows);
        int[] widths = new int[headings.size()];
        all.forEach(row -> {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        });
        Arrays.stream(widths).forEach(width -> all.get(1).add("-".repeat(width)));
        StringBuilder md = new StringBuilder();
        for (List<String> row : all) {
            for (int c = 0; c < row.size(); c++) {
                md.append("| ").append(String.format("%-" + widths[c] + "s ", row.get(c)));
            }
            md.append("|\n");
        }
        return md.append('\n').toString();
    }

    private static Trial merged(Trial a, Trial b) {
        Map<String, Map<String, Double>> figures = new TreeMap<>(a.figures());
        figures.putAll(b.figures());
        Map<String, SortedMap<Integer, double[]>> requestTimes = new TreeMap<>(a.requestTimes());
        requestTimes.putAll(b.requestTimes());
        return new Trial(a.benchmark(), a.scenario(), figures, requestTimes);
    }

    /** How a parameter's value is shown: counts resolved, hits in percent. */
    static String shown(String param, String value) {
        return switch (param) {
            case "pool", "clients" -> Integer.toString(Counts.resolve(value));
            case "hits" -> value + "%";
            default -> value;
        };
    }

    static String number(String format, double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, format, value);
    }
}
