package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.http.HttpOptions;
import io.github.metatilefanout.benchmark.report.ResultChart;
import io.github.metatilefanout.benchmark.report.Summary;
import io.github.metatilefanout.benchmark.report.Trial;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar benchmarks.jar quick} (or {@code full}, {@code smoke}), optionally followed by a regular
 * expression that keeps the profile's runs whose line in {@link Profile} it finds ({@code full
 * LoadedFirstTile}); {@code http <options>} drives a tile server over HTTP ({@link HttpOptions}); any other
 * first argument goes to JMH's own command line.
 *
 * <p>Prints a line as each trial starts, then the summary; writes {@code jmh.log} (JMH's own output), {@code
 * results.json}, {@code summary.md} and {@code chart.png} in {@code
 * benchmark/target/benchmark-results/<profile>/} (or where the system property {@value #RESULTS_PROPERTY}
 * says).
 */
@Command(
        name = "java -jar benchmark/target/benchmarks.jar",
        mixinStandardHelpOptions = true,
        subcommands = HttpOptions.class,
        description = "Runs a benchmark profile; any other first argument goes to JMH (-h there for its help).")
public final class BenchmarkMain implements Callable<Integer> {

    /** The system property that names the results folder. */
    public static final String RESULTS_PROPERTY = "benchmark.results";

    private static final Set<String> OURS = Set.of("quick", "full", "smoke", "http", "-h", "--help", "-V", "--version");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", description = "quick, full or smoke")
    Profile profile;

    @Parameters(index = "1", arity = "0..1", description = "keeps the runs whose line in Profile.java it finds")
    Pattern only;

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && !OURS.contains(args[0].toLowerCase(Locale.ROOT))) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        System.exit(new CommandLine(new BenchmarkMain())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (profile == null) {
            throw new ParameterException(spec.commandLine(), "Missing the profile: quick, full or smoke");
        }
        String name = profile.name().toLowerCase(Locale.ROOT)
                + (only == null ? "" : "-" + only.pattern().replaceAll("[^A-Za-z0-9_-]+", "_"));
        List<Profile.Run> runs = only == null ? profile.runs() : profile.runs(only);
        run(profile, runs, resultsFolder(name), System.out);
        return 0;
    }

    /** Runs {@code runs}, some of {@code profile}'s, writes their results into {@code folder}, prints the summary. */
    static Summary run(Profile profile, List<Profile.Run> runs, Path folder, PrintStream console)
            throws RunnerException, IOException {
        Files.createDirectories(folder);
        String header = String.format(
                Locale.ROOT,
                "metatile-fanout benchmark, %s profile, %s; %d cores, %s %s, Java %s; load average %.2f at start",
                profile.name().toLowerCase(Locale.ROOT),
                OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                System.getProperty("java.version"),
                loadAverage());
        console.println(header);
        List<RunResult> all = new ArrayList<>();
        Path log = folder.resolve("jmh.log");
        int trials = runs.stream().mapToInt(r -> r.trials().size()).sum();
        double nominalLeft = runs.stream()
                .mapToDouble(r -> r.trials().size() * profile.nominalSeconds(r))
                .sum();
        double nominalDone = 0;
        long start = System.nanoTime();
        try (PrintStream raw = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            OutputFormat format = OutputFormatFactory.createFormatInstance(raw, VerboseMode.NORMAL);
            for (Profile.Run run : runs) {
                for (Map<String, String> trial : run.trials()) {
                    // the time left: the nominal time of the trials left, scaled as the trials so far ran
                    double left = nominalDone == 0
                            ? nominalLeft
                            : nominalLeft * (System.nanoTime() - start) / 1e9 / nominalDone;
                    StringBuilder name = new StringBuilder(run.benchmark().getSimpleName());
                    trial.forEach((key, value) -> name.append(key.equals("method") ? "." : " " + key + "=")
                            .append(value));
                    console.printf(
                            Locale.ROOT,
                            "[%d/%d] %s, about %d min %02d s left%n",
                            all.size() + 1,
                            trials,
                            name,
                            (long) left / 60,
                            (long) left % 60);
                    all.addAll(new Runner(options(profile, run, trial).build(), format).run());
                    nominalDone += profile.nominalSeconds(run);
                    nominalLeft -= profile.nominalSeconds(run);
                }
            }
        } catch (RunnerException e) {
            console.println("A trial failed; JMH's output is in " + log.toAbsolutePath());
            throw e;
        }
        try (PrintStream json =
                new PrintStream(Files.newOutputStream(folder.resolve("results.json")), false, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(all);
        }
        Summary summary = new Summary(all.stream().map(Trial::of).toList());
        String text = summary.text();
        String ended = String.format(
                Locale.ROOT, "load average %.2f at end; tile stores in %s", loadAverage(), Harness.storeFolder());
        Files.writeString(folder.resolve("summary.md"), "# " + header + "; " + ended + "\n\n" + text);
        console.println(ended);
        console.println();
        console.print(text);
        console.println(
                "JMH's output and its JSON (every request time under load included): " + folder.toAbsolutePath() + "/");
        try {
            BufferedImage chart = ResultChart.draw(header, summary.grids());
            if (chart != null
                    && ImageIO.write(chart, "png", folder.resolve("chart.png").toFile())) {
                console.println("Chart: " + folder.resolve("chart.png").toAbsolutePath());
            }
        } catch (RuntimeException | LinkageError | InternalError e) { // a JVM without usable fonts
            console.println("No chart: " + e);
        }
        return summary;
    }

    private static ChainedOptionsBuilder options(Profile profile, Profile.Run run, Map<String, String> trial) {
        // one call: each jvmArgsAppend replaces the arguments of the one before
        List<String> forkArgs = new ArrayList<>(List.of(
                "-D" + Harness.STORE_PROPERTY + "=" + Harness.storeFolder(),
                "-D" + Harness.WARM_UP_PROPERTY + "=" + profile.jitWarmUp().toMillis()));
        String port = System.getProperty(ClusterBenchmark.PORT_PROPERTY);
        if (port != null) {
            forkArgs.add("-D" + ClusterBenchmark.PORT_PROPERTY + "=" + port);
        }
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark().getName() + "." + trial.get("method")) + "$")
                .forks(1)
                .warmupIterations(run.warmupIterations())
                .warmupTime(run.warmupTime())
                .measurementIterations(run.measurementIterations())
                .measurementTime(run.measurementTime())
                .addProfiler(GCProfiler.class)
                .addProfiler(HarnessProfiler.class)
                .jvmArgsAppend(forkArgs.toArray(String[]::new))
                .shouldFailOnError(true);
        trial.forEach((name, value) -> {
            if (!name.equals("method")) {
                options.param(name, value);
            }
        });
        return options;
    }

    /** {@code <module>/target/benchmark-results/<name>}, found from where this class was loaded. */
    private static Path resultsFolder(String name) throws URISyntaxException {
        String configured = System.getProperty(RESULTS_PROPERTY);
        Path jar = Path.of(BenchmarkMain.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path target = jar.toAbsolutePath().getParent();
        return configured != null
                ? Path.of(configured, name)
                : target != null && target.getFileName().toString().equals("target")
                        ? target.resolve("benchmark-results").resolve(name)
                        : Path.of("benchmark-results", name);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
