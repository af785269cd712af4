package io.github.metatilefanout.engine.settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The settings as a properties text, the format of {@value #FILE_NAME}: one line per setting kept, an empty
 * value for the default, what is allowed in a comment above. Reading never fails on a bad value: it reports it
 * and uses that setting's default. Where the text is kept is the host's business.
 */
public final class SettingsFormat {

    /** The usual name of the settings file. */
    public static final String FILE_NAME = "metatile-fanout.properties";

    /** The problem of a key this text does not keep, from the key. */
    public static final String NOT_KEPT = "%s ignored, this file does not keep it";

    /** The problem of a bad value, from {@link Setting#BAD_VALUE}'s message. */
    public static final String USING_THE_DEFAULT = "%s; using the default";

    /**
     * Settings read from a text.
     *
     * @param values the values read; a setting not kept, missing, empty or bad has none (its default)
     * @param problems one line per bad value or unknown key: the key, the value and what is allowed
     */
    public record Read(SettingValues values, List<String> problems) {

        public Read {
            problems = List.copyOf(problems);
        }
    }

    private final List<Setting<?>> kept;

    /** @param kept the settings this text keeps, in the order written; others are ignored when read */
    public SettingsFormat(List<Setting<?>> kept) {
        this.kept = List.copyOf(kept);
    }

    /**
     * Reads the settings from {@code text}.
     *
     * @throws IOException if {@code text} cannot be read
     */
    public Read read(InputStream text) throws IOException {
        Properties properties = new Properties();
        try {
            properties.load(text);
        } catch (IllegalArgumentException e) {
            throw new IOException("not a properties text: " + e.getMessage(), e);
        }
        List<String> problems = new ArrayList<>();
        for (String key : properties.stringPropertyNames()) {
            Setting<?> setting = Setting.named(key);
            if (setting == null || !kept.contains(setting)) {
                problems.add(String.format(NOT_KEPT, key));
            }
        }
        SettingValues values = SettingValues.NONE;
        for (Setting<?> setting : kept) {
            String value = properties.getProperty(setting.key(), "");
            try {
                values = with(values, setting, value);
            } catch (IllegalArgumentException e) {
                problems.add(String.format(USING_THE_DEFAULT, e.getMessage()));
            }
        }
        return new Read(values, problems);
    }

    private static <T> SettingValues with(SettingValues values, Setting<T> setting, String text) {
        return text.isBlank() ? values : values.with(setting, setting.parse(setting.key(), text));
    }

    /** The text that keeps {@code values}: ISO 8859-1, as properties files are. */
    public byte[] write(SettingValues values) {
        StringBuilder text = new StringBuilder()
                .append("# metatile-fanout settings, written by the admin page (see docs/configure.md).\n")
                .append("# An empty value means the default.\n");
        for (Setting<?> setting : kept) {
            Object value = values.get(setting);
            text.append("\n# ")
                    .append(setting.type().description())
                    .append('\n')
                    .append(setting.key())
                    .append('=')
                    .append(value == null ? "" : value)
                    .append('\n');
        }
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
