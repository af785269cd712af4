package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The plugin zip, as built by the package phase, holds exactly the files the table of docs/install.md ("Build the
 * plugin zip") lists, {@code <version>} standing for the project's version: a jar added to or dropped from the
 * assembly fails the build until the table says what it is. Its jars are exactly the engine, the GeoWebCache adapter,
 * the config UI and the GeoServer plugin: never the standalone GeoWebCache plugin, whose context file GeoServer must
 * not load. Run by failsafe, which passes the zip's and the page's paths as the system properties {@code pluginZip},
 * {@code installDoc} and the version as {@code pluginVersion}.
 */
class PluginZipIT {

    private static final String SECTION = "## Build the plugin zip";
    /** A row of the table: its first cell, a file name in backquotes. */
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\|");

    @Test
    void theZipHoldsExactlyTheFilesInstallMdLists() throws IOException {
        Set<String> listed = listedInInstallDoc();
        assertFalse(listed.isEmpty(), "no file listed under '" + SECTION + "' in " + property("installDoc"));

        assertEquals(listed, zipEntries());
    }

    @Test
    void theZipsJarsAreTheEngineTheAdapterTheConfigUiAndThePlugin() throws IOException {
        Set<String> jars = new TreeSet<>();
        for (String artifact : List.of("engine", "gwc-adapter", "config-ui", "geoserver")) {
            jars.add("metatile-fanout-" + artifact + "-" + property("pluginVersion") + ".jar");
        }

        Set<String> inZip = new TreeSet<>(zipEntries());
        inZip.removeIf(name -> !name.endsWith(".jar"));
        assertEquals(jars, inZip);
    }

    private static Set<String> listedInInstallDoc() throws IOException {
        List<String> lines = Files.readAllLines(Path.of(property("installDoc")), StandardCharsets.UTF_8);
        Set<String> files = new TreeSet<>();
        boolean inSection = false;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                inSection = line.equals(SECTION);
            } else if (inSection) {
                Matcher row = ROW.matcher(line);
                if (row.find()) {
                    files.add(row.group(1).replace("<version>", property("pluginVersion")));
                }
            }
        }
        return files;
    }

    private static Set<String> zipEntries() throws IOException {
        try (ZipFile zip = new ZipFile(property("pluginZip"))) {
            Set<String> names = new TreeSet<>();
            zip.stream()
                    .filter(entry -> !entry.isDirectory())
                    .map(ZipEntry::getName)
                    .forEach(names::add);
            return names;
        }
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(
                    "System property " + name + " is not set: run this test with failsafe (mvn verify)");
        }
        return value;
    }
}
