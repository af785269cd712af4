package io.github.metatilefanout.benchmark.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Counts the GetMaps a server dispatched: the lines of its log matching a pattern, written since a mark.
 * Under GeoServer's default logging profile every GetMap, those GeoWebCache dispatches to render a
 * metatile included, logs a line {@code Request: getMap}.
 */
public final class GetMapCounter {

    /** The line GeoServer logs for each GetMap under its default logging profile. */
    public static final String DEFAULT_PATTERN = "^Request: getMap";

    private final Path log;
    private final Pattern pattern;
    private long mark;

    public GetMapCounter(Path log, Pattern pattern) {
        this.log = log;
        this.pattern = pattern;
    }

    /** Remembers where the log ends now; the next count starts there. */
    public void mark() throws IOException {
        mark = Files.size(log);
    }

    /** The matching lines written since the mark; -1 if the log is now shorter (it rolled over). */
    public long countSinceMark() throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            if (channel.size() < mark) {
                return -1;
            }
            BufferedReader lines = new BufferedReader(
                    new InputStreamReader(Channels.newInputStream(channel.position(mark)), StandardCharsets.UTF_8));
            return lines.lines().filter(line -> pattern.matcher(line).find()).count();
        }
    }
}
