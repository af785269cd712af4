package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The closing text of a run: the ratio of {@code fanout}'s throughput to every other strategy's in each
 * scenario, time to first tile under load per strategy, and the checks as PASS / FAIL lines.
 *
 * <p><b>First tile under load.</b> With 8 clients on 2 cores every strategy keeps the cores busy and does
 * the same work per miss, so in a closed loop (Little's law: the same throughput gives the same mean time
 * per request) no strategy can be faster on average; the promise is that {@code fanout} is no worse.
 * Comparing two percentiles point for point cannot show that: measured twice on the same code path, p99
 * differed by up to 18 % with 384 requests per strategy. The check therefore asks that, for both the p50
 * and the p99, the ratio {@code fanout} / {@code sequential} be at most 1.00 or that its {@value
 * #CONFIDENCE_PERCENT} % interval include 1.00, the interval coming from a paired block bootstrap over
 * whole invocations ({@link BlockBootstrap}; the requests of one batch are correlated, both strategies'
 * batches of one invocation ran seconds apart). It cannot pass on too little data (too few invocations or requests: the line says SKIP, as in the quick
 * profile, which times too few on purpose):
 *
 * <ul>
 *   <li>{@value #MIN_INVOCATIONS} invocations at least ({@link #MIN_INVOCATIONS}): a bootstrap over fewer
 *       blocks makes intervals too narrow, as it sees too few distinct batches;
 *   <li>{@value #MIN_REQUESTS} requests per strategy at least ({@link #MIN_REQUESTS}): the p99 then rests on
 *       ten requests or more above it, not on a handful;
 *   <li>each interval that reaches above 1.00 no wider than {@value #MAX_SPREAD} times its lower end ({@link
 *       #MAX_SPREAD}): an interval that wide includes 1.00 whatever the strategies do, so a pass would mean
 *       little (an interval wholly below 1.00 shows fanout faster, however wide). Times
 *       drawn like the measured ones (log-normal, p99 about 3.3 times the p50, a little batch-to-batch
 *       drift) give a p99 interval about 1.25 wide with the full profile's 2,300 requests per strategy, and
 *       1.3 with 1,700; on 2 cores shared with other builds, 4x4 intervals of 1.3 (p50) and 2.0 (p99) were
 *       measured.
 * </ul>
 *
 * {@value #BOOTSTRAP_RESAMPLES} resamples ({@link #BOOTSTRAP_RESAMPLES}) put the interval's ends within
 * about 1 % of where more resamples would; a fixed seed ({@link #BOOTSTRAP_SEED}) gives the same report
 * from the same request times. The plain point comparison of JMH's percentiles is printed beside it as an
 * INFO line.
 */
public final class Summary {

    /** The most time to first tile may exceed rendering plus encoding one tile. */
    static final double FIRST_TILE_ALLOWANCE = 1.25;

    /** Throughput fanout must keep against sequential when there is nothing to gain. */
    static final double SATURATION_VS_SEQUENTIAL = 0.97;

    /** Throughput fanout must keep against upstream-2.27 at saturation. */
    static final double SATURATION_VS_UPSTREAM = 1.0;

    /** Throughput fanout must reach against sequential at 75 % hits, with fewer clients than cores. */
    static final double HITS_75_VS_SEQUENTIAL = 1.5;

    /** Confidence of the intervals of the first-tile-under-load check, in percent. */
    static final int CONFIDENCE_PERCENT = 95;

    /** Fewer invocations timed in the first-tile-under-load check: the run cannot tell. */
    static final int MIN_INVOCATIONS = 20;

    /** Fewer requests of either strategy timed in the first-tile-under-load check: the run cannot tell. */
    static final int MIN_REQUESTS = 1000;

    /** An interval of the first-tile-under-load check whose upper end exceeds its lower end this many times: the run cannot tell. */
    static final double MAX_SPREAD = 1.3;

    /** Bootstrap resamples per interval. */
    static final int BOOTSTRAP_RESAMPLES = 2000;

    /** The bootstrap's seed. */
    static final long BOOTSTRAP_SEED = 13;

    /** The first-tile-under-load check, with the constants above. */
    private static final NoWorseCheck NO_WORSE = new NoWorseCheck(
            new BlockBootstrap(BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED),
            CONFIDENCE_PERCENT / 100.0,
            MIN_INVOCATIONS,
            MIN_REQUESTS,
            MAX_SPREAD);

    /** The strategies that cache, in the order the tables show them. */
    private static final List<Strategy> CACHING = List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.FANOUT);

    private final Results results;

    public Summary(Results results) {
        this.results = results;
    }

    /** The ratio lines and the check lines. */
    public String text() {
        StringBuilder text = new StringBuilder();
        if (!results.scenarios().isEmpty()) {
            text.append("fanout throughput relative to the others (tiles/s ratio):\n");
            for (Scenario scenario : results.scenarios()) {
                text.append("  ").append(String.format(Locale.ROOT, "%-34s", scenario.label()));
                for (Strategy other : Strategy.values()) {
                    if (other != Strategy.FANOUT) {
                        text.append(String.format(Locale.ROOT, "  %6s x %s", ratio(scenario, other), other));
                    }
                }
                text.append('\n');
            }
        }
        List<Scenario> interleaved = results.interleavedScenarios();
        if (!interleaved.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n").append("interleaved in one JVM, batch by batch (tiles/s):\n");
            for (Scenario scenario : interleaved) {
                text.append("  ").append(String.format(Locale.ROOT, "%-34s", scenario.label()));
                double fanout = results.interleavedTilesPerSecond(Strategy.FANOUT, scenario);
                text.append(format("  fanout %6.1f", fanout));
                for (Strategy other : List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27)) {
                    double theirs = results.interleavedTilesPerSecond(other, scenario);
                    text.append(format("  %s %6.1f (x %.2f)", other, theirs, fanout / theirs));
                }
                text.append('\n');
            }
        }
        List<Scenario> loaded = results.loadedFirstTileScenarios();
        if (!loaded.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n")
                    .append("time to first tile under load, every request a miss, strategies in turn in one JVM"
                            + " (ms, p50 / p99):\n");
            for (Scenario scenario : loaded) {
                text.append("  ").append(String.format(Locale.ROOT, "%-34s", scenario.label()));
                Latency fanout = results.loadedLatency(Strategy.FANOUT, scenario);
                text.append(format("  fanout %6.1f / %6.1f", fanout.p50(), fanout.p99()));
                for (Strategy other : List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27)) {
                    Latency theirs = results.loadedLatency(other, scenario);
                    if (theirs.measured()) {
                        text.append(format(
                                "  %s %6.1f / %6.1f (x %.2f / %.2f)",
                                other,
                                theirs.p50(),
                                theirs.p99(),
                                fanout.p50() / theirs.p50(),
                                fanout.p99() / theirs.p99()));
                    }
                }
                text.append('\n');
            }
        }
        text.append(text.isEmpty() ? "" : "\n").append("checks:\n");
        for (String check : checks()) {
            text.append("  ").append(check).append('\n');
        }
        return text.toString();
    }

    /** One PASS or FAIL line per check and case, with INFO lines that help read them. */
    public List<String> checks() {
        List<String> lines = new ArrayList<>();
        firstTileChecks(lines);
        loadedFirstTileChecks(lines);
        TreeSet<Scenario> throughputScenarios = new TreeSet<>(Scenario.ORDER);
        throughputScenarios.addAll(results.scenarios());
        throughputScenarios.addAll(results.interleavedScenarios());
        for (Scenario scenario : throughputScenarios) {
            if (scenario.hits() == 0 && scenario.clients().equals("4xcores")) {
                throughputCheck(lines, "saturation", scenario, Strategy.SEQUENTIAL, SATURATION_VS_SEQUENTIAL);
                throughputCheck(lines, "saturation", scenario, Strategy.UPSTREAM_2_27, SATURATION_VS_UPSTREAM);
            }
            if (scenario.hits() == 75 && Counts.resolve(scenario.clients()) < Counts.resolve("cores")) {
                throughputCheck(lines, "75% hits", scenario, Strategy.SEQUENTIAL, HITS_75_VS_SEQUENTIAL);
                gainCeilingInfo(lines, scenario);
            } else if (scenario.hits() == 75) {
                busyCoresInfo(lines, scenario);
            }
        }
        peakBoundChecks(lines);
        peakGrowthChecks(lines);
        if (lines.isEmpty()) {
            lines.add("INFO  no scenario of the checks was measured");
        }
        return lines;
    }

    private void firstTileChecks(List<String> lines) {
        for (String shapeAndFormat : results.firstTileCases()) {
            String[] parts = shapeAndFormat.split("/");
            Optional<Measurement> fanout = results.firstTile(Strategy.FANOUT, parts[0], parts[1]);
            double floor = results.renderPlusEncode(parts[0], parts[1]);
            if (fanout.isEmpty() || Double.isNaN(floor)) {
                continue;
            }
            double limit = FIRST_TILE_ALLOWANCE * floor;
            double p50 = fanout.get().p50();
            lines.add(verdict(p50 <= limit)
                    + format(
                            "time to first tile, fanout %s %s: p50 %.1f ms <= %.2f x (render + one encode = %.1f ms) = %.1f ms",
                            parts[0], parts[1], p50, FIRST_TILE_ALLOWANCE, floor, limit));
            Measurement m = fanout.get();
            double inside = m.secondary(Results.RENDER_MS) + m.secondary(Results.ENCODE_MS);
            if (!Double.isNaN(inside)) {
                lines.add(format(
                        "INFO  the same requests: mean %.1f ms = %.2f x (render %.1f + one encode %.1f ms, timed inside them)",
                        m.score(), m.score() / inside, m.secondary(Results.RENDER_MS), m.secondary(Results.ENCODE_MS)));
            }
        }
    }

    /**
     * Under load (several clients, every request a miss), fanout's request times against sequential's,
     * measured in turn in one JVM: not measurably worse at p50 and p99 (see the class comment), from the
     * request times kept with their invocations. Two INFO lines follow: the plain comparison of JMH's
     * percentiles, and upstream-2.27's figures with the mean render and encode times inside each strategy's
     * requests, which show how much the strategies' threads slowed each other down on the cores.
     */
    private void loadedFirstTileChecks(List<String> lines) {
        for (Scenario scenario : results.loadedFirstTileScenarios()) {
            Latency fanout = results.loadedLatency(Strategy.FANOUT, scenario);
            Latency sequential = results.loadedLatency(Strategy.SEQUENTIAL, scenario);
            if (!fanout.measured() || !sequential.measured()) {
                continue;
            }
            String name = format(
                    "first tile under load (%d clients, pool %d, 0%% hits), %s %s",
                    Counts.resolve(scenario.clients()),
                    Counts.resolve(scenario.pool()),
                    scenario.metatile(),
                    scenario.format());
            NoWorseCheck.Verdict verdict = NO_WORSE.judge(
                    results.loadedRequestTimes(Strategy.FANOUT, scenario),
                    results.loadedRequestTimes(Strategy.SEQUENTIAL, scenario));
            StringBuilder line = new StringBuilder(verdict.decided() ? verdict(verdict.passed()) : "SKIP  ")
                    .append(name)
                    .append(": fanout against sequential, ")
                    .append(verdict.reason());
            for (BlockBootstrap.Ratio ratio : verdict.ratios()) {
                line.append(format("; %s x %.2f", NoWorseCheck.name(ratio), ratio.ratio()));
                if (!Double.isNaN(ratio.low())) {
                    line.append(format(
                            " (%d%% interval %.2f to %.2f, upper / lower %.2f)",
                            CONFIDENCE_PERCENT, ratio.low(), ratio.high(), ratio.spread()));
                }
            }
            lines.add(line.append(format(
                            "; %d and %d requests in %d invocations",
                            verdict.requests(), verdict.otherRequests(), verdict.invocations()))
                    .toString());
            lines.add(format(
                    "INFO  the plain comparison, %s: fanout p50 %.1f ms against sequential %.1f ms (x %.2f), p99 %.1f"
                            + " ms against %.1f ms (x %.2f), JMH's percentiles over %d and %d requests",
                    name,
                    fanout.p50(),
                    sequential.p50(),
                    fanout.p50() / sequential.p50(),
                    fanout.p99(),
                    sequential.p99(),
                    fanout.p99() / sequential.p99(),
                    fanout.samples(),
                    sequential.samples()));
            lines.add(costsInfo(name, scenario));
        }
    }

    /** upstream-2.27's figures, the render and encode times inside each strategy's requests, fanout's hand-off. */
    private String costsInfo(String name, Scenario scenario) {
        StringBuilder info =
                new StringBuilder("INFO  the same trial, ").append(name).append(':');
        Latency upstream = results.loadedLatency(Strategy.UPSTREAM_2_27, scenario);
        if (upstream.measured()) {
            info.append(format(" upstream-2.27 p50 %.1f ms, p99 %.1f ms;", upstream.p50(), upstream.p99()));
        }
        info.append(" mean render / one encode inside the requests (wherever they ran):");
        Measurement trial = results.loadedFirstTile(scenario).orElseThrow();
        String separator = " ";
        for (Strategy strategy : CACHING) {
            double render = trial.secondary(Results.ofStrategy(strategy, Results.RENDER_MS));
            double encode = trial.secondary(Results.ofStrategy(strategy, Results.ENCODE_MS));
            if (!Double.isNaN(render) && !Double.isNaN(encode)) {
                info.append(separator).append(format("%s %.1f / %.2f ms", strategy, render, encode));
                separator = ", ";
            }
        }
        double handedOff = trial.secondary(Results.ofStrategy(Strategy.FANOUT, Results.HANDED_OFF));
        double ranOnCaller = trial.secondary(Results.ofStrategy(Strategy.FANOUT, Results.RAN_ON_CALLER));
        if (!Double.isNaN(handedOff) && !Double.isNaN(ranOnCaller) && handedOff + ranOnCaller > 0) {
            info.append(format(
                    "; fanout handed %.0f of its %.0f metatiles (%.0f%%) to its pool and encoded the others on the"
                            + " request thread, the pool being full",
                    handedOff, handedOff + ranOnCaller, 100 * handedOff / (handedOff + ranOnCaller)));
        }
        return info.toString();
    }

    private void throughputCheck(List<String> lines, String name, Scenario scenario, Strategy other, double factor) {
        boolean interleaved = results.interleavedScenarios().contains(scenario);
        double fanout = tilesPerSecond(Strategy.FANOUT, scenario, interleaved);
        double theirs = tilesPerSecond(other, scenario, interleaved);
        if (Double.isNaN(fanout) || Double.isNaN(theirs)) {
            return;
        }
        lines.add(verdict(fanout >= factor * theirs)
                + format(
                        "%s, %s%s: fanout %.1f tiles/s >= %.2f x %s %.1f tiles/s (ratio %.2f)",
                        name,
                        scenario.label(),
                        interleaved ? " interleaved" : "",
                        fanout,
                        factor,
                        other,
                        theirs,
                        fanout / theirs));
    }

    /**
     * Where a scenario was measured both ways, the checks read the interleaved figures: the strategies ran
     * in one JVM, so their ratio is not blurred by what the JIT compiler made of each JVM.
     */
    private double tilesPerSecond(Strategy strategy, Scenario scenario, boolean interleaved) {
        return interleaved
                ? results.interleavedTilesPerSecond(strategy, scenario)
                : results.tilesPerSecond(strategy, scenario);
    }

    /**
     * How much a client with a core to spare can gain at most: fanout still renders the metatile and encodes
     * one tile on the request thread, so its time per miss is at least that part of sequential's. All figures
     * come from the per-trial runs, each timed inside its own trial; the hits are not counted, which keeps the
     * bound an upper one.
     */
    private void gainCeilingInfo(List<String> lines, Scenario scenario) {
        Optional<Measurement> sequential = results.throughput(Strategy.SEQUENTIAL, scenario);
        Optional<Measurement> fanout = results.throughput(Strategy.FANOUT, scenario);
        if (sequential.isEmpty() || fanout.isEmpty()) {
            return;
        }
        double perMiss = Counts.resolve(scenario.clients())
                * 1000
                / sequential.get().secondary(Results.TILES)
                * 100
                / (100 - scenario.hits());
        double keptBySequential = renderAndOneEncode(sequential.get());
        double keptByFanout = renderAndOneEncode(fanout.get());
        if (Double.isNaN(perMiss) || Double.isNaN(keptBySequential) || Double.isNaN(keptByFanout)) {
            return;
        }
        lines.add(format(
                "INFO  75%% hits, %s: a client of sequential spends %.1f ms per miss (hits included), %.1f ms of"
                        + " them rendering and encoding one tile, which fanout keeps on the request thread: fanout"
                        + " gains at most %.2f x; in fanout's trial the same took %.1f ms (the pool encodes on the"
                        + " other core meanwhile)",
                scenario.label(), perMiss, keptBySequential, perMiss / keptBySequential, keptByFanout));
    }

    private static double renderAndOneEncode(Measurement trial) {
        return trial.secondary(Results.RENDER_MS) + trial.secondary(Results.ENCODE_MS);
    }

    /**
     * With as many clients as cores or more, sequential already keeps every core busy, and every strategy
     * does the same work per tile: no strategy can serve more tiles per second, so the ratio is shown, not
     * checked.
     */
    private void busyCoresInfo(List<String> lines, Scenario scenario) {
        boolean interleaved = results.interleavedScenarios().contains(scenario);
        double fanout = tilesPerSecond(Strategy.FANOUT, scenario, interleaved);
        double sequential = tilesPerSecond(Strategy.SEQUENTIAL, scenario, interleaved);
        if (Double.isNaN(fanout) || Double.isNaN(sequential)) {
            return;
        }
        lines.add(format(
                "INFO  75%% hits, %s%s: fanout %.1f tiles/s = %.2f x sequential %.1f tiles/s (every core already"
                        + " busy under sequential: the same work, nothing to gain in tiles/s)",
                scenario.label(), interleaved ? " interleaved" : "", fanout, fanout / sequential, sequential));
    }

    private void peakBoundChecks(List<String> lines) {
        for (Scenario scenario : results.scenarios()) {
            double peak = results.peakImages(Strategy.FANOUT, scenario);
            if (Double.isNaN(peak)) {
                continue;
            }
            int pool = Counts.resolve(scenario.pool());
            int clients = Counts.resolve(scenario.clients());
            int bound = pool + pool + clients; // the engine's default queue bound is the pool size
            lines.add(verdict(peak <= bound)
                    + format(
                            "peak images, fanout %s: %.0f <= pool %d + queue %d + clients %d = %d",
                            scenario.label(), peak, pool, pool, clients, bound));
        }
    }

    /** Upstream's peak at the most clients against its peak at the fewest, per scenario without clients. */
    private void peakGrowthChecks(List<String> lines) {
        Map<String, TreeMap<Integer, Scenario>> byLoad = new TreeMap<>();
        for (Scenario scenario : results.scenarios()) {
            if (!Double.isNaN(results.peakImages(Strategy.UPSTREAM_2_27, scenario))) {
                String key = scenario.hits() + "% " + scenario.metatile() + " pool " + Counts.resolve(scenario.pool())
                        + " " + scenario.format();
                byLoad.computeIfAbsent(key, k -> new TreeMap<>()).put(Counts.resolve(scenario.clients()), scenario);
            }
        }
        byLoad.forEach((key, loads) -> {
            if (loads.size() < 2) {
                return;
            }
            Scenario light = loads.firstEntry().getValue();
            Scenario heavy = loads.lastEntry().getValue();
            double lightPeak = results.peakImages(Strategy.UPSTREAM_2_27, light);
            double heavyPeak = results.peakImages(Strategy.UPSTREAM_2_27, heavy);
            lines.add(verdict(heavyPeak > lightPeak)
                    + format(
                            "peak images grow with load, upstream-2.27 %s: %.0f at %d clients > %.0f at %d clients"
                                    + " (fanout: %.0f and %.0f)",
                            key,
                            heavyPeak,
                            loads.lastKey(),
                            lightPeak,
                            loads.firstKey(),
                            results.peakImages(Strategy.FANOUT, heavy),
                            results.peakImages(Strategy.FANOUT, light)));
        });
    }

    private String ratio(Scenario scenario, Strategy other) {
        double fanout = results.tilesPerSecond(Strategy.FANOUT, scenario);
        double theirs = results.tilesPerSecond(other, scenario);
        return Double.isNaN(fanout) || Double.isNaN(theirs) ? "-" : format("%.2f", fanout / theirs);
    }

    private static String verdict(boolean passed) {
        return passed ? "PASS  " : "FAIL  ";
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
