package io.github.metatilefanout.configui;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The settings in a properties file, {@value #FILE_NAME}, in a given directory (in GeoServer, the data
 * directory, next to {@code gwc-gs.xml}). An empty or missing value means the default. Writes are atomic: the
 * file is written under a temporary name in the same directory and moved over the old one. A file that cannot
 * be read, or a value that is not a whole number in its range, is reported as a WARNING and the defaults are
 * used.
 */
public final class SettingsFile implements SettingsStore {

    /** The file's name. */
    public static final String FILE_NAME = "metatile-fanout.properties";

    private static final Logger LOGGER = Logger.getLogger(SettingsFile.class.getName());

    private final Path file;
    private final Set<FanoutSetting> held;

    /** The file that keeps all three settings in {@code directory}. */
    public SettingsFile(Path directory) {
        this(directory, EnumSet.allOf(FanoutSetting.class));
    }

    private SettingsFile(Path directory, Set<FanoutSetting> held) {
        this.file = directory.resolve(FILE_NAME);
        this.held = held;
    }

    /**
     * A store that keeps the pool size in {@code host} and the other settings in this directory's file, which
     * then has no pool size of its own.
     */
    public SettingsStore withPoolSizeFrom(PoolSizeStore host) {
        SettingsFile rest =
                new SettingsFile(file.getParent(), EnumSet.complementOf(EnumSet.of(FanoutSetting.POOL_SIZE)));
        return new HostPoolSizeStore(host, rest);
    }

    /** The file's path. */
    public Path path() {
        return file;
    }

    @Override
    public StoredSettings load() {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            LOGGER.fine(() -> file + " does not exist; using the defaults");
            return StoredSettings.DEFAULTS;
        } catch (IOException | IllegalArgumentException e) {
            LOGGER.log(Level.WARNING, "Cannot read " + file + " (" + e + "); using the defaults", e);
            return StoredSettings.DEFAULTS;
        }
        for (String key : properties.stringPropertyNames()) {
            if (held.stream().noneMatch(setting -> setting.key().equals(key))) {
                LOGGER.warning(() -> file + ": " + key + " ignored, this file does not keep it");
            }
        }
        return new StoredSettings(
                read(properties, FanoutSetting.POOL_SIZE),
                read(properties, FanoutSetting.QUEUE_BOUND),
                read(properties, FanoutSetting.LOCK_TIMEOUT));
    }

    private Integer read(Properties properties, FanoutSetting setting) {
        if (!held.contains(setting)) {
            return null;
        }
        String text = properties.getProperty(setting.key(), "").strip();
        if (text.isEmpty()) {
            return null;
        }
        try {
            return setting.inRangeOrDefault(Integer.valueOf(text), file);
        } catch (NumberFormatException e) {
            LOGGER.warning(() -> file + ": " + setting.key() + " = '" + text + "' is not a whole number from "
                    + setting.min() + " to " + setting.max() + "; using the default");
            return null;
        }
    }

    @Override
    public void save(StoredSettings settings) throws IOException {
        Path directory = file.getParent();
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, FILE_NAME, ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(format(settings).getBytes(StandardCharsets.ISO_8859_1)));
                channel.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private String format(StoredSettings settings) {
        StringBuilder text = new StringBuilder()
                .append("# metatile-fanout settings, written by the admin page (see docs/configure.md).\n")
                .append("# Whole numbers; an empty value means the default.\n");
        for (FanoutSetting setting : held) {
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
        return text.toString();
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
