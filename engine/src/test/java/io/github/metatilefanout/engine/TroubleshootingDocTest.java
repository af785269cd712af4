package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/troubleshooting.md quotes the engine's log lines: each line quoted in its "Serving tiles" table
 * comes from a constant of {@link LogMessages}, each constant is quoted there, and each is logged by the engine's
 * code.
 */
class TroubleshootingDocTest {

    private static final Path DOC = Path.of("..", "docs", "troubleshooting.md");

    @Test
    void everyQuotedLineIsOneTheEngineLogsAndEveryMessageIsQuoted() throws Exception {
        List<String> quoted = quotedLines();
        List<Pattern> messages = messagePatterns();

        for (String line : quoted) {
            assertTrue(messages.stream().anyMatch(p -> p.matcher(line).matches()), "not logged by the engine: " + line);
        }
        for (Pattern message : messages) {
            assertTrue(quoted.stream().anyMatch(line -> message.matcher(line).matches()), "not in the doc: " + message);
        }
    }

    @Test
    void everyMessageIsLoggedByTheEnginesCode() throws Exception {
        String code;
        try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
            code = files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("LogMessages.java"))
                    .map(TroubleshootingDocTest::read)
                    .collect(Collectors.joining("\n"));
        }
        for (Field field : LogMessages.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                assertTrue(code.contains("LogMessages." + field.getName()), "never logged: " + field.getName());
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The code spans of the "line" column of the "Serving tiles" table, with {@code <placeholder>}s. */
    private static List<String> quotedLines() throws IOException {
        String doc = Files.readString(DOC);
        int start = doc.indexOf("## Serving tiles");
        String section = doc.substring(start, doc.indexOf("\n## ", start + 1));
        List<String> lines = new ArrayList<>();
        for (String row : section.split("\n")) {
            String[] cells = row.split("\\|");
            if (row.startsWith("| ") && cells.length > 2 && cells[2].contains("`")) {
                Matcher code = Pattern.compile("`([^`]+)`").matcher(cells[2]);
                while (code.find()) {
                    lines.add(code.group(1));
                }
            }
        }
        return lines;
    }

    /** Each message of the engine as a pattern: its {@code %s} and {@code %d} stand for any text. */
    private static List<Pattern> messagePatterns() throws IllegalAccessException {
        List<Pattern> patterns = new ArrayList<>();
        for (Field field : LogMessages.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                field.setAccessible(true);
                String[] parts = ((String) field.get(null)).split("%[sd]", -1);
                List<String> quotedParts = new ArrayList<>();
                for (String part : parts) {
                    quotedParts.add(Pattern.quote(part));
                }
                patterns.add(Pattern.compile(String.join(".+", quotedParts)));
            }
        }
        return patterns;
    }
}
