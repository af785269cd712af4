package io.github.metatilefanout.engine.settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The settings as a properties text, the format of {@value #FILE_NAME}: one line per setting kept, an empty
 * value for the default, the allowed range in a comment above. Reading never fails on a bad value: it reports
 * it and uses that setting's default. Where the text is kept is the host's business.
 */
public final class SettingsFormat {

    /** The usual name of the settings file. */
    public static final String FILE_NAME = "metatile-fanout.properties";

    /**
     * Settings read from a text.
     *
     * @param settings the settings read; a setting not kept, missing, empty or bad is null (its default)
     * @param problems one line per bad value or unknown key: the key, the value and the allowed range
     */
    public record Read(StoredSettings settings, List<String> problems) {

        public Read {
            problems = List.copyOf(problems);
        }
    }

    private final Set<FanoutSetting> kept;

    /** @param kept the settings this text keeps; others are ignored when read and never written */
    public SettingsFormat(Set<FanoutSetting> kept) {
        this.kept = Set.copyOf(kept);
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
            if (kept.stream().noneMatch(setting -> setting.key().equals(key))) {
                problems.add(key + " ignored, this file does not keep it");
            }
        }
        StoredSettings settings = new StoredSettings(
                value(properties, FanoutSetting.POOL_SIZE, problems),
                value(properties, FanoutSetting.QUEUE_BOUND, problems),
                value(properties, FanoutSetting.LOCK_TIMEOUT, problems));
        return new Read(settings, problems);
    }

    private Integer value(Properties properties, FanoutSetting setting, List<String> problems) {
        if (!kept.contains(setting)) {
            return null;
        }
        String text = properties.getProperty(setting.key(), "").strip();
        if (text.isEmpty()) {
            return null;
        }
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            problems.add(setting.key() + " = '" + text + "' is not a whole number from " + setting.min() + " to "
                    + setting.max() + "; using the default");
            return null;
        }
        if (!setting.allows(value)) {
            problems.add(setting.key() + " = " + value + " is outside the allowed range " + setting.min() + " to "
                    + setting.max() + "; using the default");
            return null;
        }
        return value;
    }

    /** The text that keeps {@code settings}: ISO 8859-1, as properties files are. */
    public byte[] write(StoredSettings settings) {
        StringBuilder text = new StringBuilder()
                .append("# metatile-fanout settings, written by the admin page (see docs/configure.md).\n")
                .append("# Whole numbers; an empty value means the default.\n");
        for (FanoutSetting setting : FanoutSetting.values()) {
            if (!kept.contains(setting)) {
                continue;
            }
            Integer value = settings.get(setting);
            text.append("\n# ")
                    .append(setting.min())
                    .append(" to ")
                    .append(setting.max())
                    .append('\n')
                    .append(setting.key())
                    .append('=')
                    .append(value == null ? "" : value)
                    .append('\n');
        }
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
