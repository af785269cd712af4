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

/** Counts the GetMaps a server dispatched: the lines matching a pattern written to its log since a mark. */
public final class GetMapCounter {

    /** The line GeoServer logs for each GetMap (GeoWebCache's too) under its default logging profile. */
    public static final String DEFAULT_PATTERN = "^Request: getMap";

    private final Path log;
    private final Pattern pattern;
    private long mark;

    public GetMapCounter(Path log, Pattern pattern) {
        this.log = log;
        this.pattern = pattern;
    }

    public void mark() throws IOException {
        mark = Files.size(log);
    }

    /** The matching lines since the mark; -1 if the log rolled over. */
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
