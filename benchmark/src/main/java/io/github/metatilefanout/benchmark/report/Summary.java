package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A run's results as Markdown tables, one per benchmark measured: a row per scenario, a column per
 * strategy (or per method), each with its ratio to {@code sequential} where both were measured, and the
 * bounds the same run measured beside them. The only verdicts are those a confidence interval decides
 * ({@link NoWorseCheck}); every other comparison is shown, not judged.
 *
 * <p>A benchmark without an entry in {@link #tables()} gets a table of its primary score.
 */
public final class Summary {

    /** The strategy every ratio is to. */
    static final String BASELINE = Strategy.SEQUENTIAL.toString();

    /** An extra column: its heading and what it shows for a row. */
    record Column(String heading, Function<Trial, String> cell) {}

    /**
     * How a benchmark's trials read.
     *
     * @param title the table's title
     * @param figures the figures shown per strategy, joined by " / " when several
     * @param format how a figure is printed
     * @param columns the extra columns
     * @param notes lines under the table, for a row
     */
    record Table(
            String title,
            List<String> figures,
            String format,
            List<Column> columns,
            Function<Trial, List<String>> notes) {}

    /**
     * A table's figures, for the text and the chart.
     *
     * @param title the title, with the parameters every row shares
     * @param varying the parameters that differ between rows
     * @param owners the strategies (or methods) measured, in column order
     * @param rows the rows, each the trials of one scenario merged
     * @param table how the figures read
     */
    record Grid(String title, List<String> varying, List<String> owners, List<Trial> rows, Table table) {

        /** The first figure of {@code owner} in {@code row}. */
        double value(Trial row, String owner) {
            return row.figure(owner, table.figures().get(0));
        }

        /** The varying parameters of {@code row}, such as {@code 75% 4x4 1}. */
        String label(Trial row) {
            return String.join(
                    " ",
                    varying.stream().map(p -> shown(p, row.scenario().get(p))).toList());
        }
    }

    private final List<Trial> trials;
    private final RequestTimes requestTimes;
    private final NoWorseCheck check = new NoWorseCheck();

    public Summary(List<Trial> trials, RequestTimes requestTimes) {
        this.trials = List.copyOf(trials);
        this.requestTimes = requestTimes;
    }

    /** The grids of the benchmarks measured, in the order they ran. */
    public List<Grid> grids() {
        Map<String, Map<String, Trial>> byBenchmark = new LinkedHashMap<>();
        for (Trial trial : trials) {
            byBenchmark
                    .computeIfAbsent(trial.benchmark(), b -> new LinkedHashMap<>())
                    .merge(trial.scenarioKey(), trial, Summary::merged);
        }
        List<Grid> grids = new ArrayList<>();
        byBenchmark.forEach((benchmark, rows) -> {
            Table table = tables().getOrDefault(
                            benchmark, new Table(benchmark, List.of("score"), "%.2f", List.of(), r -> List.of()));
            Set<String> owners = new LinkedHashSet<>();
            Arrays.stream(Strategy.values()).forEach(strategy -> owners.add(strategy.toString()));
            rows.values().forEach(r -> owners.addAll(r.figures().keySet()));
            String figure = table.figures().get(0);
            owners.removeIf(o -> rows.values().stream().allMatch(r -> Double.isNaN(r.figure(o, figure))));
            Map<String, Set<String>> values = new TreeMap<>(Counts.params());
            rows.values()
                    .forEach(r -> r.scenario().forEach((p, v) -> values.computeIfAbsent(p, k -> new LinkedHashSet<>())
                            .add(v)));
            List<String> varying = new ArrayList<>();
            StringBuilder title = new StringBuilder(table.title());
            values.forEach((p, v) -> {
                if (v.size() > 1) {
                    varying.add(p);
                } else {
                    title.append(", ").append(shown(p, v.iterator().next()));
                }
            });
            List<Trial> sorted = new ArrayList<>(rows.values());
            sorted.sort(Comparator.comparing(Trial::scenario, Counts.scenarios(varying)));
            grids.add(new Grid(title.toString(), varying, List.copyOf(owners), sorted, table));
        });
        return grids;
    }

    /** Every grid as a Markdown table, with its notes. */
    public String text() {
        StringBuilder md = new StringBuilder();
        for (Grid grid : grids()) {
            List<String> headings = new ArrayList<>(grid.varying());
            headings.addAll(grid.owners());
            grid.table().columns().forEach(c -> headings.add(c.heading()));
            List<List<String>> cells = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            for (Trial row : grid.rows()) {
                List<String> line = new ArrayList<>(grid.varying().stream()
                        .map(p -> Counts.shown(p, row.scenario().get(p)))
                        .toList());
                for (String owner : grid.owners()) {
                    line.add(cell(grid, row, owner));
                }
                grid.table().columns().forEach(c -> line.add(c.cell().apply(row)));
                cells.add(line);
                notes.addAll(grid.table().notes().apply(row));
            }
            md.append("### ").append(grid.title()).append("\n\n").append(markdown(headings, cells));
            notes.forEach(n -> md.append(n).append("\n\n"));
        }
        return md.toString();
    }

    private static String cell(Grid grid, Trial row, String owner) {
        List<String> shown = new ArrayList<>();
        for (String figure : grid.table().figures()) {
            shown.add(number(grid.table().format(), row.figure(owner, figure)));
        }
        String text = String.join(" / ", shown);
        double baseline = grid.value(row, BASELINE);
        double value = grid.value(row, owner);
        if (grid.table().figures().size() == 1 && !owner.equals(BASELINE) && !Double.isNaN(baseline * value)) {
            text += number(" (x%.2f)", value / baseline);
        }
        return text.equals("-") ? "" : text;
    }

    /** How each benchmark's table reads, with the bounds measured in the same run. */
    private Map<String, Table> tables() {
        Function<Trial, List<String>> none = r -> List.of();
        return Map.of(
                "ThroughputBenchmark",
                new Table(
                        "Throughput, tiles/s, each strategy in a JVM of its own",
                        List.of("tiles"),
                        "%.1f",
                        List.of(
                                new Column("fanout peak images (bound)", this::fanoutPeak),
                                new Column(
                                        "upstream-2.27 peak images",
                                        r -> number("%.0f", r.figure("upstream-2.27", "images.peak")))),
                        none),
                "InterleavedThroughputBenchmark",
                new Table(
                        "Throughput, tiles/s, the strategies in turn in one JVM",
                        List.of("tiles"),
                        "%.1f",
                        List.of(new Column("most fanout can gain", this::gainCeiling)),
                        none),
                "FirstTileBenchmark",
                new Table(
                        "Time to first tile, ms, p50 (one client, idle server)",
                        List.of("p50"),
                        "%.1f",
                        List.of(
                                new Column("render + one encode", r -> number("%.1f", floor(r))),
                                new Column(
                                        "fanout / (render + one encode)",
                                        r -> number("%.2f", r.figure("fanout", "p50") / floor(r)))),
                        none),
                "LoadedFirstTileBenchmark",
                new Table(
                        "Time to first tile under load, ms, p50 / p99 (every request a miss)",
                        List.of("latency.p50", "latency.p99"),
                        "%.1f",
                        List.of(),
                        this::verdicts),
                "RenderEncodeBenchmark",
                new Table("Rendering a metatile, encoding one tile, ms, p50", List.of("p50"), "%.2f", List.of(), none));
    }

    /** fanout's peak of metatile images alive, and its bound: pool + queue (as long as the pool) + clients. */
    private String fanoutPeak(Trial row) {
        double peak = row.figure("fanout", "images.peak");
        int bound = 2 * Counts.resolve(row.scenario().get("pool"))
                + Counts.resolve(row.scenario().get("clients"));
        return Double.isNaN(peak) ? "" : number("%.0f", peak) + " (" + bound + ")";
    }

    /**
     * With a core to spare, the most fanout can gain over sequential: fanout still renders the metatile
     * and encodes one tile on the request thread, so a client's time per miss is at least that part of
     * sequential's (hits not counted, which keeps the bound an upper one).
     */
    private String gainCeiling(Trial row) {
        int clients = Counts.resolve(row.scenario().get("clients"));
        if (clients >= Counts.resolve("cores")) {
            return "";
        }
        int hits = Integer.parseInt(row.scenario().get("hits"));
        double perMiss = clients * 1000 / row.figure(BASELINE, "tiles") * 100 / (100 - hits);
        double kept = row.figure(BASELINE, "render.ms") + row.figure(BASELINE, "encode.ms");
        return number("x%.2f", perMiss / kept);
    }

    /** Render p50 plus one encode p50 of the same metatile shape and format, measured on their own. */
    private double floor(Trial row) {
        ToDoubleFunction<String> p50 = method -> trials.stream()
                .filter(t -> t.benchmark().equals("RenderEncodeBenchmark")
                        && t.scenario().get("metatile").equals(row.scenario().get("metatile"))
                        && t.scenario().get("format").equals(row.scenario().get("format")))
                .mapToDouble(t -> t.figure(method, "p50"))
                .filter(v -> !Double.isNaN(v))
                .findFirst()
                .orElse(Double.NaN);
        return p50.applyAsDouble("render") + p50.applyAsDouble("encodeTile");
    }

    /** For each strategy running this project's engine, its verdict against sequential. */
    private List<String> verdicts(Trial row) {
        List<String> lines = new ArrayList<>();
        for (Strategy strategy : Strategy.values()) {
            if (strategy.runsEngine() && row.figures().containsKey(strategy.toString())) {
                NoWorseCheck.Verdict verdict = check.judge(
                        requestTimes.batches(row.scenarioKey(), strategy.toString()),
                        requestTimes.batches(row.scenarioKey(), BASELINE));
                lines.add(verdict.line(strategy + " against " + BASELINE + ", " + row.scenarioKey()));
            }
        }
        return lines;
    }

    /** A Markdown table, its columns padded to line up on a terminal. */
    private static String markdown(List<String> headings, List<List<String>> rows) {
        int[] widths = new int[headings.size()];
        for (List<String> row : concat(List.of(headings), rows)) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder md = new StringBuilder();
        List<String> rule = new ArrayList<>();
        for (int width : widths) {
            rule.add("-".repeat(width));
        }
        for (List<String> row : concat(List.of(headings, rule), rows)) {
            for (int c = 0; c < row.size(); c++) {
                md.append("| ")
                        .append(String.format("%-" + widths[c] + "s", row.get(c)))
                        .append(' ');
            }
            md.append("|\n");
        }
        return md.append('\n').toString();
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    private static Trial merged(Trial a, Trial b) {
        Map<String, Map<String, Double>> figures = new TreeMap<>(a.figures());
        figures.putAll(b.figures());
        return new Trial(a.benchmark(), a.scenario(), figures);
    }

    private static String shown(String param, String value) {
        return param + " " + Counts.shown(param, value);
    }

    static String number(String format, double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, format, value);
    }
}
