package io.github.metatilefanout.benchmark;

import io.github.metatilefanout.benchmark.report.RequestTimes;
import io.github.metatilefanout.benchmark.report.Scenario;
import io.github.metatilefanout.benchmark.serve.Strategy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The time of every request timed in one trial's measured invocations, with its invocation, appended at the
 * trial's end to a {@link RequestTimes} file (header first when the file is new or empty). Without a file
 * nothing is kept. Safe for every client thread at once.
 */
final class RequestTimeLog {

    /** The system property naming the file; the profiles set it to {@link RequestTimes#FILE} in the results folder. */
    static final String PROPERTY = "benchmark.requestTimes";

    private final Scenario scenario;
    private final Path file;
    private final List<String> rows = new ArrayList<>();

    /**
     * @param scenario the trial's scenario
     * @param file the file to append to, or null to keep nothing
     */
    RequestTimeLog(Scenario scenario, Path file) {
        this.scenario = scenario;
        this.file = file;
    }

    /** A log of {@code scenario} into the file {@value #PROPERTY} names, if any. */
    static RequestTimeLog configured(Scenario scenario) {
        String configured = System.getProperty(PROPERTY);
        return new RequestTimeLog(scenario, configured == null ? null : Path.of(configured));
    }

    /** Keeps the time, in nanoseconds, of one request answered by {@code strategy} in measured invocation {@code invocation}. */
    synchronized void add(Strategy strategy, int invocation, long nanos) {
        if (file != null) {
            rows.add(RequestTimes.row(scenario, strategy, invocation, nanos));
        }
    }

    /** Appends the times kept to the file, and forgets them. */
    synchronized void write() throws IOException {
        if (file == null || rows.isEmpty()) {
            return;
        }
        List<String> lines = new ArrayList<>(rows.size() + 1);
        if (!Files.exists(file) || Files.size(file) == 0) {
            lines.add(RequestTimes.HEADER);
        }
        lines.addAll(rows);
        Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        rows.clear();
    }
}
