package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The results of a run as Markdown tables, with the run's header and the checks. */
public final class MarkdownReport {

    private final Results results;
    private final RunInfo run;
    private final Summary summary;

    public MarkdownReport(Results results, RunInfo run) {
        this.results = results;
        this.run = run;
        this.summary = new Summary(results);
    }

    public String text() {
        StringBuilder md = new StringBuilder();
        md.append("# metatile-fanout benchmark, ").append(run.profile()).append(" profile\n\n");
        md.append("Run ")
                .append(run.startedText())
                .append(" on ")
                .append(run.machine())
                .append(".\n\n");
        md.append("Command: `")
                .append(run.command())
                .append("`; tile stores in `")
                .append(run.tileStores());
        md.append("`\n\n");
        throughput(md);
        interleaved(md);
        resources(md);
        firstTile(md);
        loadedFirstTile(md);
        md.append("## Checks\n\n```\n");
        summary.checks().forEach(line -> md.append(line).append('\n'));
        md.append("```\n");
        return md.toString();
    }

    private void throughput(StringBuilder md) {
        if (results.scenarios().isEmpty()) {
            return;
        }
        md.append("## Throughput, tiles/s\n\n");
        md.append("Clients and pool in threads; sequential and direct have no pool, direct caches nothing.\n\n");
        md.append("| hits | metatile | clients | pool | format |");
        for (Strategy strategy : Strategy.values()) {
            md.append(' ').append(strategy).append(" |");
        }
        md.append(" fanout / sequential | fanout / upstream-2.27 | fanout / direct |\n");
        md.append("|---:|---|---:|---:|---|")
                .append("---:|".repeat(Strategy.values().length + 3))
                .append('\n');
        for (Scenario scenario : results.scenarios()) {
            scenarioCells(md, scenario);
            for (Strategy strategy : Strategy.values()) {
                md.append(' ')
                        .append(number("%.1f", results.tilesPerSecond(strategy, scenario)))
                        .append(" |");
            }
            double fanout = results.tilesPerSecond(Strategy.FANOUT, scenario);
            for (Strategy other : new Strategy[] {Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.DIRECT}) {
                md.append(' ')
                        .append(number("%.2f", fanout / results.tilesPerSecond(other, scenario)))
                        .append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private void interleaved(StringBuilder md) {
        List<Scenario> scenarios = results.interleavedScenarios();
        if (scenarios.isEmpty()) {
            return;
        }
        md.append("## Throughput interleaved in one JVM, tiles/s\n\n");
        md.append("The three caching strategies in one JVM, one batch each in turn; the checks read these.\n\n");
        md.append("| hits | metatile | clients | pool | format |");
        List<Strategy> compared = List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.FANOUT);
        compared.forEach(strategy -> md.append(' ').append(strategy).append(" |"));
        md.append(" fanout / sequential | fanout / upstream-2.27 |\n");
        md.append("|---:|---|---:|---:|---|")
                .append("---:|".repeat(compared.size() + 2))
                .append('\n');
        for (Scenario scenario : scenarios) {
            scenarioCells(md, scenario);
            for (Strategy strategy : compared) {
                md.append(' ')
                        .append(number("%.1f", results.interleavedTilesPerSecond(strategy, scenario)))
                        .append(" |");
            }
            double fanout = results.interleavedTilesPerSecond(Strategy.FANOUT, scenario);
            for (Strategy other : List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27)) {
                md.append(' ')
                        .append(number("%.2f", fanout / results.interleavedTilesPerSecond(other, scenario)))
                        .append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private void resources(StringBuilder md) {
        if (results.scenarios().isEmpty()) {
            return;
        }
        md.append("## Metatile images alive at peak, and allocation rate (MB/s)\n\n");
        md.append("| hits | metatile | clients | pool | format |");
        for (Strategy strategy : Strategy.values()) {
            md.append(' ').append(strategy).append(" peak | ").append(strategy).append(" MB/s |");
        }
        md.append('\n');
        md.append("|---:|---|---:|---:|---|")
                .append("---:|".repeat(2 * Strategy.values().length))
                .append('\n');
        for (Scenario scenario : results.scenarios()) {
            scenarioCells(md, scenario);
            for (Strategy strategy : Strategy.values()) {
                Optional<Measurement> m = results.throughput(strategy, scenario);
                md.append(' ')
                        .append(number(
                                "%.0f",
                                m.map(x -> x.secondary(Results.PEAK_IMAGES)).orElse(Double.NaN)))
                        .append(" | ")
                        .append(number(
                                "%.0f",
                                m.map(x -> x.secondary(Results.ALLOCATION_RATE)).orElse(Double.NaN)))
                        .append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private void firstTile(StringBuilder md) {
        if (results.firstTileCases().isEmpty()) {
            return;
        }
        md.append("## Time to first tile, ms (one client, metatile not cached, server idle)\n\n");
        md.append("Render and encode p50: measured on their own. Inside: mean render and encode times within the"
                + " measured requests themselves (for sequential, the mean of all its encodes).\n\n");
        md.append("| metatile | format | strategy | p50 | p99 | mean | render p50 | encode p50 |"
                + " p50 / (render + encode) | render inside | encode inside | mean / (inside) |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String shapeAndFormat : results.firstTileCases()) {
            String[] parts = shapeAndFormat.split("/");
            double render = results.cost(Results.RENDER, parts[0], parts[1])
                    .map(Measurement::p50)
                    .orElse(Double.NaN);
            double encode = results.cost(Results.ENCODE, parts[0], parts[1])
                    .map(Measurement::p50)
                    .orElse(Double.NaN);
            for (Strategy strategy : Strategy.values()) {
                Optional<Measurement> m = results.firstTile(strategy, parts[0], parts[1]);
                if (m.isEmpty()) {
                    continue;
                }
                double renderInside = m.get().secondary(Results.RENDER_MS);
                double encodeInside = m.get().secondary(Results.ENCODE_MS);
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        parts[0],
                        parts[1],
                        strategy,
                        number("%.1f", m.get().p50()),
                        number("%.1f", m.get().p99()),
                        number("%.1f", m.get().score()),
                        number("%.1f", render),
                        number("%.2f", encode),
                        number("%.2f", m.get().p50() / (render + encode)),
                        number("%.1f", renderInside),
                        number("%.2f", encodeInside),
                        number("%.2f", m.get().score() / (renderInside + encodeInside))));
            }
        }
        md.append('\n');
    }

    private void loadedFirstTile(StringBuilder md) {
        List<Scenario> scenarios = results.loadedFirstTileScenarios();
        if (scenarios.isEmpty()) {
            return;
        }
        md.append("## Time to first tile under load, ms (every request a miss, strategies in turn in one JVM)\n\n");
        md.append("Each request timed on its client, those sent while every client was busy; render and encode:"
                + " mean times inside the strategy's requests, wherever they ran; p50 and p99 are JMH's. The"
                + " check compares fanout's p50 and p99 with sequential's from the same requests, kept in "
                + RequestTimes.FILE
                + ", with 95% intervals (block bootstrap over invocations). To the pool: the metatiles whose other tiles went to the pool, out of"
                + " all those rendered in the trial (the others were encoded on the request thread, the pool"
                + " being full).\n\n");
        md.append("| metatile | clients | pool | format | strategy | p50 | p99 | mean | requests |"
                + " p50 / sequential | p99 / sequential | render inside | encode inside | to the pool |\n");
        md.append("|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Strategy> compared = List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.FANOUT);
        for (Scenario scenario : scenarios) {
            Latency sequential = results.loadedLatency(Strategy.SEQUENTIAL, scenario);
            Measurement trial = results.loadedFirstTile(scenario).orElseThrow();
            for (Strategy strategy : compared) {
                Latency latency = results.loadedLatency(strategy, scenario);
                if (!latency.measured()) {
                    continue;
                }
                double handedOff = trial.secondary(Results.ofStrategy(strategy, Results.HANDED_OFF));
                double ranOnCaller = trial.secondary(Results.ofStrategy(strategy, Results.RAN_ON_CALLER));
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %d | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |%n",
                        scenario.metatile(),
                        Counts.resolve(scenario.clients()),
                        Counts.resolve(scenario.pool()),
                        scenario.format(),
                        strategy,
                        number("%.1f", latency.p50()),
                        number("%.1f", latency.p99()),
                        number("%.1f", latency.mean()),
                        latency.samples(),
                        number("%.2f", latency.p50() / sequential.p50()),
                        number("%.2f", latency.p99() / sequential.p99()),
                        number("%.1f", trial.secondary(Results.ofStrategy(strategy, Results.RENDER_MS))),
                        number("%.2f", trial.secondary(Results.ofStrategy(strategy, Results.ENCODE_MS))),
                        number("%.0f%%", 100 * handedOff / (handedOff + ranOnCaller))));
            }
        }
        md.append('\n');
    }

    private static void scenarioCells(StringBuilder md, Scenario scenario) {
        md.append(String.format(
                Locale.ROOT,
                "| %d%% | %s | %d | %d | %s |",
                scenario.hits(),
                scenario.metatile(),
                Counts.resolve(scenario.clients()),
                Counts.resolve(scenario.pool()),
                scenario.format()));
    }

    private static String number(String pattern, double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-" : String.format(Locale.ROOT, pattern, value);
    }
}
