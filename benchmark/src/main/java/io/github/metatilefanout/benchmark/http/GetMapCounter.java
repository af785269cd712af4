package io.github.metatilefanout.benchmark.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Counts the GetMaps a GeoServer dispatched by counting the lines of its log that match a pattern, among
 * the lines written since a mark. With GeoServer's default logging profile every GetMap, including the ones
 * GeoWebCache dispatches inside GeoServer to render a metatile, logs a line {@code Request: getMap}.
 */
public final class GetMapCounter {

    /** The pattern of the line GeoServer logs for each GetMap under its default logging profile. */
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

    /**
     * The matching lines written since the mark, or -1 if the log is now shorter than at the mark (it
     * rolled over, and the count is lost).
     */
    public long countSinceMark() throws IOException {
        long count = 0;
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            if (channel.size() < mark) {
                return -1;
            }
            channel.position(mark);
            InputStream in = Channels.newInputStream(channel);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (pattern.matcher(line).find()) {
                    count++;
                }
            }
        }
        return count;
    }
}
