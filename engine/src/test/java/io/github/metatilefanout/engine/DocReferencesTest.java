package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README.md and docs/*.md name the project's classes, tests, settings, system properties and metrics in
 * backticks, and state promises in tables whose {@code test} column names the tests that would fail: each
 * name must exist in the repository, and each promise's tests must run. {@link DocChecker} says what counts as
 * each (the format of promise tables included); {@code DocCheckerTest} shows it failing where it should.
 *
 * <p>A name in backticks is one that exists in this tree: a name that is gone (a benchmark of an earlier
 * commit) is written in plain text. Names of other projects the docs cite are listed here, few and by hand;
 * the JDK's classes are looked up.
 */
class DocReferencesTest {

    private static final Path ROOT = Path.of("..");

    /**
     * Names of GeoServer, GeoWebCache, GeoTools, GeoServer Cloud, Spring and HTTP that the docs cite (the JDK's
     * classes are looked up); none is the project's.
     */
    private static final Set<String> OTHER_PROJECTS_NAMES = Set.of(
            "ApplicationContextRunner",
            "CatalogConfiguration",
            "CatalogPlugin",
            "DiskQuotaStoreProvider",
            "Dockerfile",
            "ETag",
            "ExecutableArchiveLauncher",
            "GeoServerTileLayer",
            "GetCapabilitiesConfiguration",
            "GoogleMapsCompatible",
            "JarLauncher",
            "JdbcLockRegistry",
            "Launcher",
            "Logging",
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
            "Warning",
            "WMSLayer",
            "XMLConfigurationProvider",
            "globalLock",
            "gwcClusteringLockProvider");

    /** Names the docs have the admin give: the logging profile of troubleshooting.md. */
    private static final Set<String> NAMES_THE_ADMIN_GIVES = Set.of("METATILE_FANOUT_LOGGING");

    /**
     * Tables with a {@code test} column written before promise tables were: they name test classes with comments,
     * not {@code ClassName.methodName}. Each is its doc and its header row; once the table is rewritten as promises
     * (or gone), the test fails until its entry here is deleted.
     */
    private static final Map<String, String> TABLES_NOT_YET_PROMISES =
            Map.of("docs/configure.md", "| where | test | what it sends |");

    private static DocChecker checker;

    @BeforeAll
    static void readTheSources() throws IOException {
        checker = new DocChecker(ROOT, OTHER_PROJECTS_NAMES, NAMES_THE_ADMIN_GIVES);
    }

    @Test
    void everyCitedClassSettingPropertyAndMetricExists() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path doc : docs()) {
            problems.addAll(checker.referenceProblems(name(doc), Files.readAllLines(doc)));
        }
        assertTrue(problems.isEmpty(), "cited in the docs, missing from the code:\n" + String.join("\n", problems));
    }

    @Test
    void everyPromiseNamesTestsThatRun() throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, String> notYetPromises = new HashMap<>(TABLES_NOT_YET_PROMISES);
        for (Path doc : docs()) {
            List<String> lines = Files.readAllLines(doc);
            String skipped = notYetPromises.remove(name(doc));
            if (skipped != null && !DocChecker.tableHeaders(lines).contains(skipped)) {
                problems.add(name(doc) + " has no table headed " + skipped + " any more: delete it from"
                        + " TABLES_NOT_YET_PROMISES");
            }
            problems.addAll(checker.promiseProblems(name(doc), lines, skipped == null ? Set.of() : Set.of(skipped)));
        }
        notYetPromises.keySet().forEach(doc -> problems.add(doc + " is gone: delete it from TABLES_NOT_YET_PROMISES"));
        assertTrue(problems.isEmpty(), "promises whose tests do not run:\n" + String.join("\n", problems));
    }

    private static String name(Path doc) {
        return ROOT.relativize(doc).toString().replace('\\', '/');
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }
}
