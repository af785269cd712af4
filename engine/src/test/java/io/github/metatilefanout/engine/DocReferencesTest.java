package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md and docs/*.md name the project's classes, tests, settings, system properties and metrics in
 * backticks; each of those names must exist in the repository: a class or test as a {@code .java} file, a
 * setting, property or metric in the sources (where the code builds a name from a key, as the Cloud
 * properties, the environment variables and the meters do, its key). Code blocks are not read.
 *
 * <p>A name in backticks is one that exists in this tree: a name that is gone (a benchmark of an earlier
 * commit) is written in plain text. Names of other projects the docs cite are listed here, few and by hand;
 * the JDK's classes are looked up.
 */
class DocReferencesTest {

    private static final Path ROOT = Path.of("..");

    /**
     * Names of GeoServer, GeoWebCache, GeoServer Cloud, Spring and HTTP that the docs cite (the JDK's classes
     * are found by {@link #isJdkClass}); none is the project's.
     */
    private static final Set<String> OTHER_PROJECTS_NAMES = Set.of(
            "ApplicationContextRunner",
            "CatalogConfiguration",
            "CatalogPlugin",
            "DiskQuotaStoreProvider",
            "ETag",
            "ExecutableArchiveLauncher",
            "GeoServerTileLayer",
            "GetCapabilitiesConfiguration",
            "GoogleMapsCompatible",
            "JarLauncher",
            "JdbcLockRegistry",
            "Launcher",
            "MapViewport",
            "MeterBinder",
            "ParameterFilter",
            "PropertiesLauncher",
            "ReferencedEnvelope",
            "ResourceStore",
            "SimpleMeterRegistry",
            "TileLayerConfiguration",
            "URLMangler",
            "VolatileGeoServerTileLayer",
            "WMSLayer",
            "XMLConfigurationProvider",
            "globalLock",
            "gwcClusteringLockProvider");

    /** Names the docs have the admin give: the logging profile of troubleshooting.md. */
    private static final Set<String> NAMES_THE_ADMIN_GIVES = Set.of("METATILE_FANOUT_LOGGING");

    /** The JDK's packages whose classes the docs cite. */
    private static final List<String> JDK_PACKAGES = List.of(
            "java.lang.", "java.io.", "java.util.", "java.util.concurrent.", "java.awt.image.", "java.awt.color.");

    /** Prefixes the code puts before a key to make a property, environment variable or meter name. */
    private static final List<String> NAME_PREFIXES = List.of(
            "geoserver.extension.metatile-fanout.",
            "GEOSERVER_EXTENSION_METATILEFANOUT_",
            "METATILE_FANOUT_",
            "metatile-fanout.",
            "metatile.fanout.",
            "metatile_fanout_");

    private static final Set<String> SKIPPED_FOLDERS = Set.of("target", "node_modules", ".git");
    private static final List<String> SOURCE_ENDINGS =
            List.of(".java", ".xml", ".properties", ".html", ".imports", ".sh", ".py", ".yaml", ".conf");

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern QUALIFIED =
            Pattern.compile("(?:[a-z][a-z0-9_]*\\.)+([A-Z]\\w*)(?:\\.\\w+)*(?:\\(\\))?");
    private static final Pattern CLASS = Pattern.compile("([A-Z]\\w*)((?:[.#]\\w+)(?:\\(\\))?)?");
    private static final Pattern SYSTEM_PROPERTY = Pattern.compile("-D([\\w.-]+)(?:=.*)?");
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z][\\w.-]*)=\\S*");
    private static final Pattern CAMEL_CASE = Pattern.compile("[a-z]+(?:[A-Z][a-z0-9]*)+");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void everyCitedClassSettingPropertyAndMetricExists() throws IOException {
        Set<String> javaFiles = new HashSet<>();
        StringBuilder sources = new StringBuilder();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : (Iterable<Path>) files.filter(DocReferencesTest::isSource)::iterator) {
                String name = file.getFileName().toString();
                if (name.endsWith(".java")) {
                    javaFiles.add(name.substring(0, name.length() - ".java".length()));
                }
                sources.append(Files.readString(file)).append('\n');
            }
        }
        String text = sources.toString();
        Set<String> keys = new HashSet<>();
        Matcher literal = LITERAL.matcher(text);
        while (literal.find()) {
            keys.add(normalized(literal.group(1)));
        }

        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            List<String> lines = Files.readAllLines(doc);
            boolean inCodeBlock = false;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().startsWith("```")) {
                    inCodeBlock = !inCodeBlock;
                    continue;
                }
                Matcher span = CODE_SPAN.matcher(inCodeBlock ? "" : lines.get(i));
                while (span.find()) {
                    String problem = problem(span.group(1), javaFiles, text, keys);
                    if (problem != null) {
                        missing.add(ROOT.relativize(doc) + ":" + (i + 1) + ": `" + span.group(1) + "` " + problem);
                    }
                }
            }
        }
        assertTrue(missing.isEmpty(), "cited in the docs, missing from the code:\n" + String.join("\n", missing));
    }

    /** What is wrong with the name a code span cites, or null if it exists or is no name the test knows. */
    private static String problem(String span, Set<String> javaFiles, String sources, Set<String> keys) {
        Matcher qualified = QUALIFIED.matcher(span);
        Matcher type = CLASS.matcher(span);
        String className = qualified.matches() ? qualified.group(1) : type.matches() ? type.group(1) : null;
        if (className != null && isClassName(className, type.matches() && type.group(2) != null)) {
            boolean exists = javaFiles.contains(className)
                    || OTHER_PROJECTS_NAMES.contains(className)
                    || isJdkClass(className)
                    || isMetricsAttribute(className);
            return exists ? null : "names no class of the repository (no " + className + ".java)";
        }
        String name = name(span);
        if (name == null
                || OTHER_PROJECTS_NAMES.contains(name)
                || NAMES_THE_ADMIN_GIVES.contains(name)
                || containsWord(sources, name)
                || keys.contains(normalized(withoutPrefix(name)))) {
            return null;
        }
        return "names no setting, property or metric of the sources";
    }

    /** A class name: capitalised, with a lower-case letter, and two capitals or a member after it. */
    private static boolean isClassName(String name, boolean withMember) {
        boolean hasLowerCase = !name.equals(name.toUpperCase(Locale.ROOT));
        long capitals = name.chars().filter(Character::isUpperCase).count();
        return hasLowerCase && (capitals >= 2 || withMember);
    }

    /** Whether {@code text} has {@code name} with no letter, digit, '_' or '-' right before or after it. */
    private static boolean containsWord(String text, String name) {
        return Pattern.compile("(?<![\\w-])" + Pattern.quote(name) + "(?![\\w-])")
                .matcher(text)
                .find();
    }

    private static boolean isJdkClass(String name) {
        for (String pkg : JDK_PACKAGES) {
            try {
                Class.forName(pkg + name, false, ClassLoader.getPlatformClassLoader());
                return true;
            } catch (ClassNotFoundException e) {
                // not in this package
            }
        }
        return false;
    }

    /** An attribute of the metrics MBean, as JMX names it ({@code Failures} for {@code getFailures()}). */
    private static boolean isMetricsAttribute(String name) {
        for (Method method : FanoutMetricsMXBean.class.getMethods()) {
            if (method.getName().equals("get" + name)) {
                return true;
            }
        }
        return false;
    }

    /** The setting key, system property or metric name a code span cites, or null. */
    private static String name(String span) {
        if (span.contains("<") || span.contains("*") || span.contains("…") || span.contains("...")) {
            return null;
        }
        Matcher property = SYSTEM_PROPERTY.matcher(span);
        Matcher assignment = ASSIGNMENT.matcher(span);
        if (property.matches() || assignment.matches()) {
            String name = property.matches() ? property.group(1) : assignment.group(1);
            boolean kebabCase = name.matches("[a-z]+(-[a-z]+)+");
            return isOurs(name) || kebabCase || CAMEL_CASE.matcher(name).matches() ? name : null;
        }
        if (isOurs(span) && span.matches("[\\w.-]+")) {
            return span;
        }
        return CAMEL_CASE.matcher(span).matches() ? span : null;
    }

    /** Whether {@code name} starts as the project's properties, environment variables and meters do. */
    private static boolean isOurs(String name) {
        return NAME_PREFIXES.stream().anyMatch(name::startsWith);
    }

    private static String withoutPrefix(String name) {
        String bare = name;
        for (String prefix : NAME_PREFIXES) {
            if (bare.startsWith(prefix)) {
                bare = bare.substring(prefix.length());
            }
        }
        return bare.replaceFirst("(_seconds)?_total$", "");
    }

    /** The letters and digits of a name in lower case: {@code pool-size}, {@code POOL_SIZE}, {@code poolSize} alike. */
    private static String normalized(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** A text file of the repository's sources: not a doc, nor built, downloaded or version control's. */
    private static boolean isSource(Path file) {
        for (Path part : ROOT.relativize(file)) {
            if (SKIPPED_FOLDERS.contains(part.toString())) {
                return false;
            }
        }
        String name = file.getFileName().toString();
        boolean source = SOURCE_ENDINGS.stream().anyMatch(name::endsWith) || file.endsWith(Path.of(".ci", "run"));
        return source && Files.isRegularFile(file);
    }
}
