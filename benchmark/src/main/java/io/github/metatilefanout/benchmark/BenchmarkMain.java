package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.cluster.PostgresLocks;
import io.github.metatilefanout.benchmark.http.HttpOptions;
import io.github.metatilefanout.benchmark.objectstore.S3ProxyProcess;
import io.github.metatilefanout.benchmark.objectstore.ToxiproxyProcess;
import io.github.metatilefanout.benchmark.report.ResultChart;
import io.github.metatilefanout.benchmark.report.Summary;
import io.github.metatilefanout.benchmark.report.Trial;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
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
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
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
 * {@code java -jar benchmarks.jar quick|full|smoke [regex]} runs a {@link Profile}'s runs (those whose line
 * the expression finds); {@code http <options>} drives a tile server ({@link HttpOptions}); any other first
 * argument goes to JMH. Prints a line per trial, then the summary; writes {@code jmh.log}, {@code
 * results.json}, {@code summary.md} and {@code chart.png} in {@code benchmark/target/benchmark-results/<profile>/}
 * (or in the folder {@value #RESULTS_PROPERTY} names).
 */
@Command(
        name = "java -jar benchmark/target/benchmarks.jar",
        mixinStandardHelpOptions = true,
        subcommands = HttpOptions.class,
        description = "Runs a benchmark profile; any other first argument goes to JMH (-h there for its help).")
public final class BenchmarkMain implements Callable<Integer> {

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
        System.exit(commandLine().execute(args));
    }

    /** The command line of profiles and of {@code http}. */
    static CommandLine commandLine() {
        return new CommandLine(new BenchmarkMain()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public Integer call() throws Exception {
        if (profile == null) { // optional for picocli, so that http needs none
            throw new ParameterException(spec.commandLine(), "Missing the profile: quick, full or smoke");
        }
        String name = profile.name().toLowerCase(Locale.ROOT)
                + (only == null ? "" : "-" + only.pattern().replaceAll("[^A-Za-z0-9_-]+", "_"));
        String configured = System.getProperty(RESULTS_PROPERTY);
        // benchmark/target/benchmarks.jar, or benchmark/target/classes
        Path jar = Path.of(BenchmarkMain.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path folder = configured != null
                ? Path.of(configured)
                : jar.toAbsolutePath().getParent().resolve("benchmark-results");
        run(profile, only == null ? profile.runs() : profile.runs(only), folder.resolve(name), System.out);
        return 0;
    }

    /**
     * Runs {@code runs}, some of {@code profile}'s, writes their results into {@code folder}, prints the summary.
     * A trial that fails is named and skipped; once the others are summarised, the run fails naming them all.
     */
    static Summary run(Profile profile, List<Profile.Run> selected, Path folder, PrintStream console)
            throws RunnerException, IOException {
        Files.createDirectories(folder);
        String header = "metatile-fanout benchmark, " + profile.name().toLowerCase(Locale.ROOT) + " profile, "
                + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").format(OffsetDateTime.now(ZoneOffset.UTC))
                + "; " + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ", Java " + System.getProperty("java.version")
                + String.format(Locale.ROOT, "; load average %.2f at start", loadAverage());
        console.println(header);
        List<Profile.Run> runs = runnable(selected, console);
        List<RunResult> all = new ArrayList<>();
        List<String> failed = new ArrayList<>();
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
                    // the nominal time of the trials left, scaled as the trials so far ran
                    double scale = nominalDone == 0 ? 1 : (System.nanoTime() - start) / 1e9 / nominalDone;
                    long left = (long) (nominalLeft * scale);
                    StringBuilder name = new StringBuilder(run.benchmark().getSimpleName());
                    trial.forEach((key, value) -> name.append(key.equals("method") ? "." : " " + key + "=")
                            .append(value));
                    console.println("[" + (all.size() + failed.size() + 1) + "/" + trials + "] " + name + ", about "
                            + left / 60 + " min " + String.format(Locale.ROOT, "%02d s left", left % 60));
                    try {
                        all.addAll(new Runner(options(profile, run, trial).build(), format).run());
                    } catch (RunnerException e) {
                        failed.add(name.toString());
                        console.println("    failed; JMH's output is in " + log.toAbsolutePath());
                    }
                    nominalDone += profile.nominalSeconds(run);
                    nominalLeft -= profile.nominalSeconds(run);
                }
            }
        }
        try (PrintStream json =
                new PrintStream(Files.newOutputStream(folder.resolve("results.json")), false, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(all);
        }
        Summary summary = new Summary(all.stream().map(Trial::of).toList());
        String ended = String.format(
                Locale.ROOT, "load average %.2f at end; tile stores in %s", loadAverage(), Harness.storeFolder());
        Files.writeString(folder.resolve("summary.md"), "# " + header + "; " + ended + "\n\n" + summary.text());
        console.print(ended + "\n\n" + summary.text());
        console.println(
                "JMH's output and its JSON (every request time under load included): " + folder.toAbsolutePath() + "/");
        Path chart = folder.resolve("chart.png");
        try {
            if (ResultChart.write(summary.grids(), chart)) {
                console.println("Chart: " + chart.toAbsolutePath());
            }
        } catch (RuntimeException | LinkageError | InternalError e) { // a JVM without usable fonts
            console.println("No chart: " + e);
        }
        if (!failed.isEmpty()) {
            throw new RunnerException(failed.size() + " of " + trials + " trials failed (JMH's output is in " + log
                    + "): " + String.join("; ", failed));
        }
        return summary;
    }

    /**
     * {@code runs}, less those that need PostgreSQL on a machine without one, and the object store's at latency 0 only
     * on a machine without Toxiproxy: one line each says which, and why.
     */
    static List<Profile.Run> runnable(List<Profile.Run> selected, PrintStream console) {
        List<Profile.Run> runs = ObjectStoreHarness.runnable(selected, console);
        List<Profile.Run> needing = runs.stream()
                .filter(run -> NeedsPostgres.class.isAssignableFrom(run.benchmark()))
                .toList();
        Optional<String> why = needing.isEmpty() ? Optional.empty() : PostgresLocks.unavailable();
        if (why.isEmpty()) {
            return runs;
        }
        console.println("Skipping "
                + String.join(
                        ", ",
                        needing.stream()
                                .map(run -> run.benchmark().getSimpleName())
                                .distinct()
                                .toList()) + ": " + why.get());
        return runs.stream().filter(run -> !needing.contains(run)).toList();
    }

    private static ChainedOptionsBuilder options(Profile profile, Profile.Run run, Map<String, String> trial) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark().getName() + "." + trial.get("method")) + "$")
                .forks(1)
                .warmupIterations(run.warmupIterations())
                .warmupTime(run.warmupTime())
                .measurementIterations(run.measurementIterations())
                .measurementTime(run.measurementTime())
                .addProfiler(GCProfiler.class)
                .addProfiler(HarnessProfiler.class)
                .jvmArgsAppend(forkProperties(profile).toArray(String[]::new))
                .shouldFailOnError(true);
        trial.forEach((name, value) -> {
            if (!name.equals("method")) {
                options.param(name, value);
            }
        });
        return options;
    }

    /** The system properties of a trial's JVM: in one list, since each jvmArgsAppend replaces the one before. */
    private static List<String> forkProperties(Profile profile) {
        List<String> properties = new ArrayList<>(List.of(
                "-D" + Harness.STORE_PROPERTY + "=" + Harness.storeFolder(),
                "-D" + Harness.WARM_UP_PROPERTY + "=" + profile.jitWarmUp().toMillis()));
        List<String> forwarded = new ArrayList<>(PostgresLocks.PROPERTIES);
        forwarded.addAll(List.of(S3ProxyProcess.JAR_PROPERTY, ToxiproxyProcess.BINARY_PROPERTY));
        for (String name : forwarded) {
            String value = System.getProperty(name);
            if (value != null) {
                properties.add("-D" + name + "=" + value);
            }
        }
        return properties;
    }

    public static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
