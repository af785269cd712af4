package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.http.HttpRun;
import io.github.metatilefanout.benchmark.report.MarkdownReport;
import io.github.metatilefanout.benchmark.report.RequestTimes;
import io.github.metatilefanout.benchmark.report.ResultChart;
import io.github.metatilefanout.benchmark.report.Results;
import io.github.metatilefanout.benchmark.report.RunInfo;
import io.github.metatilefanout.benchmark.report.Summary;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs a benchmark profile and writes its results: {@code java -jar benchmarks.jar quick} (or {@code full},
 * {@code smoke}). A regular expression after the profile's name keeps only the profile's runs of the
 * benchmark classes whose simple name it finds, such as {@code java -jar benchmarks.jar full
 * LoadedFirstTile}. {@code http <options>} drives a GeoServer over HTTP instead ({@link HttpRun}). Any other
 * arguments go to JMH's own command line.
 *
 * <p>Writes, under {@code benchmark/target/benchmark-results/<profile>/} (or the folder named by the system
 * property {@value #RESULTS_PROPERTY}): {@code results.json} (JMH's JSON format), {@code results.md},
 * {@code chart.png}, {@code summary.txt} and, when time to first tile under load was measured, {@value
 * RequestTimes#FILE} (each of its requests with its invocation), and prints the summary.
 */
public final class BenchmarkMain {

    /** The system property that names the results folder. */
    public static final String RESULTS_PROPERTY = "benchmark.results";

    private static final Logger LOGGER = Logger.getLogger(BenchmarkMain.class.getName());
    private static final Set<String> PROFILES = Set.of("quick", "full", "smoke");
    private static final String[] FORK_JVM_ARGS = {
        // a fixed, pre-touched heap: otherwise the heap's growth makes throughput climb through a trial
        "-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch", "-Djava.awt.headless=true"
    };

    private BenchmarkMain() {}

    public static void main(String[] args) throws Exception {
        if ((args.length == 1 || args.length == 2) && PROFILES.contains(args[0].toLowerCase(Locale.ROOT))) {
            Profile profile = Profile.of(args[0]);
            String name = profile.name().toLowerCase(Locale.ROOT);
            if (args.length == 1) {
                run(profile, profile.runs(), resultsFolder(name), command(args[0]));
            } else {
                List<Profile.Run> runs = profile.runs(Pattern.compile(args[1]));
                String folder = name + "-" + args[1].replaceAll("[^A-Za-z0-9_-]+", "_");
                run(profile, runs, resultsFolder(folder), command(args[0] + " " + args[1]));
            }
        } else if (args.length > 0 && args[0].equals("http")) {
            HttpRun.main(List.of(args).subList(1, args.length));
        } else if (args.length == 0) {
            System.out.println("Usage: java -jar benchmarks.jar quick|full|smoke [benchmark class regex],"
                    + " http <options> (drives a GeoServer; http alone lists the options), or any JMH arguments");
        } else {
            org.openjdk.jmh.Main.main(args);
        }
    }

    /**
     * Runs every trial of {@code profile}, then writes the results into {@code folder} and prints the
     * summary.
     */
    public static Results run(Profile profile, Path folder, String command) throws RunnerException, IOException {
        return run(profile, profile.runs(), folder, command);
    }

    /**
     * Runs {@code runs}, some of {@code profile}'s, with its timings, then writes the results into {@code
     * folder} and prints the summary.
     */
    static Results run(Profile profile, List<Profile.Run> runs, Path folder, String command)
            throws RunnerException, IOException {
        RunInfo info = RunInfo.starting(
                profile.name().toLowerCase(Locale.ROOT),
                command,
                TileStoreFolder.parent().toString());
        Files.createDirectories(folder);
        Path requestTimes = folder.resolve(RequestTimes.FILE);
        Files.deleteIfExists(requestTimes); // the trials append to it
        List<RunResult> all = new ArrayList<>();
        for (Profile.Run run : runs) {
            all.addAll(new Runner(options(profile, run, requestTimes).build()).run());
        }
        info = info.ended();
        Results results = Results.of(all, RequestTimes.read(requestTimes));
        write(folder, all, results, info);
        return results;
    }

    private static ChainedOptionsBuilder options(Profile profile, Profile.Run run, Path requestTimes) {
        Profile.Timing timing = profile.timing(run.benchmark());
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark().getName()) + "\\.")
                .forks(1)
                .warmupIterations(timing.warmupIterations())
                .warmupTime(timing.warmupTime())
                .measurementIterations(timing.measurementIterations())
                .measurementTime(timing.measurementTime())
                .addProfiler(GCProfiler.class)
                .addProfiler(HarnessProfiler.class)
                .jvmArgsAppend(FORK_JVM_ARGS)
                .jvmArgsAppend(
                        "-D" + TileStoreFolder.PROPERTY + "=" + TileStoreFolder.parent(),
                        "-D" + Harness.WARM_UP_PROPERTY + "="
                                + profile.jitWarmUp().toMillis(),
                        "-D" + RequestTimeLog.PROPERTY + "=" + requestTimes.toAbsolutePath())
                .shouldFailOnError(true);
        run.params().forEach((name, values) -> options.param(name, values.toArray(String[]::new)));
        return options;
    }

    private static void write(Path folder, Collection<RunResult> runs, Results results, RunInfo info)
            throws IOException {
        try (PrintStream json =
                new PrintStream(Files.newOutputStream(folder.resolve("results.json")), false, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(runs);
        }
        Files.writeString(folder.resolve("results.md"), new MarkdownReport(results, info).text());
        String summary = new Summary(results).text();
        Files.writeString(folder.resolve("summary.txt"), summary);
        writeChart(folder.resolve("chart.png"), results, info);
        System.out.println();
        System.out.println("metatile-fanout benchmark, " + info.profile() + " profile, " + info.machine());
        System.out.println("tile stores in " + info.tileStores());
        System.out.println(summary);
        System.out.println(
                "Results in " + folder.toAbsolutePath() + ": results.json, results.md, chart.png, summary.txt"
                        + (Files.exists(folder.resolve(RequestTimes.FILE)) ? ", " + RequestTimes.FILE : ""));
    }

    private static void writeChart(Path file, Results results, RunInfo info) throws IOException {
        try {
            BufferedImage chart = new ResultChart(results)
                    .draw("metatile-fanout benchmark, " + info.profile() + " profile, " + info.startedText());
            if (chart != null) {
                ImageIO.write(chart, "png", file.toFile());
            }
        } catch (RuntimeException | LinkageError | InternalError e) {
            LOGGER.log(
                    Level.WARNING, "The chart could not be drawn (no usable font?); the other results are written", e);
        }
    }

    /** {@code <module>/target/benchmark-results/<name>}, found from where this class was loaded. */
    private static Path resultsFolder(String name) {
        String configured = System.getProperty(RESULTS_PROPERTY);
        if (configured != null) {
            return Path.of(configured).resolve(name);
        }
        CodeSource source = BenchmarkMain.class.getProtectionDomain().getCodeSource();
        if (source != null) {
            try {
                Path target =
                        Path.of(source.getLocation().toURI()).toAbsolutePath().getParent();
                if (target != null && target.getFileName().toString().equals("target")) {
                    return target.resolve("benchmark-results").resolve(name);
                }
            } catch (URISyntaxException | IllegalArgumentException e) {
                LOGGER.log(Level.FINE, "Could not tell where the benchmark classes were loaded from", e);
            }
        }
        return Path.of("benchmark-results", name);
    }

    private static String command(String arguments) {
        String launched = System.getProperty("sun.java.command", BenchmarkMain.class.getName() + " " + arguments);
        return launched.contains(".jar") ? "java -jar " + launched : "java " + launched;
    }
}
