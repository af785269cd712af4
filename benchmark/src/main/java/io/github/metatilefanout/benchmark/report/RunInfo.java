package io.github.metatilefanout.benchmark.report;

import java.lang.management.ManagementFactory;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Where and how a run was made, for the report's header.
 *
 * @param profile the profile's name
 * @param command the command that started the run
 * @param started when it started, UTC
 * @param loadBefore the one-minute system load average when it started, or a negative number
 * @param loadAfter the same when it ended
 * @param tileStores the folder the trials' tile stores were made in
 */
public record RunInfo(
        String profile,
        String command,
        OffsetDateTime started,
        double loadBefore,
        double loadAfter,
        String tileStores) {

    /** A run starting now. */
    public static RunInfo starting(String profile, String command, String tileStores) {
        return new RunInfo(profile, command, OffsetDateTime.now(ZoneOffset.UTC), loadAverage(), -1, tileStores);
    }

    /** The same run, ended now. */
    public RunInfo ended() {
        return new RunInfo(profile, command, started, loadBefore, loadAverage(), tileStores);
    }

    /** One line on the machine: cores, operating system, JVM, load. */
    public String machine() {
        Runtime runtime = Runtime.getRuntime();
        return String.format(
                Locale.ROOT,
                "%d cores, %s %s (%s), Java %s (%s), max heap of this JVM %d MB; load average %s at start, %s at end",
                runtime.availableProcessors(),
                System.getProperty("os.name"),
                System.getProperty("os.version"),
                System.getProperty("os.arch"),
                System.getProperty("java.version"),
                System.getProperty("java.vm.name"),
                runtime.maxMemory() >> 20,
                load(loadBefore),
                load(loadAfter));
    }

    /** The start time as {@code 2025-01-01 12:00 UTC}. */
    public String startedText() {
        return started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT));
    }

    private static String load(double average) {
        return average < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", average);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
