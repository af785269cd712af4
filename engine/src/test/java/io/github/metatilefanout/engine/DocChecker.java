package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.JavaSources.Type;
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

/**
 * Checks a markdown doc against the sources of the repository it is in; each problem is one line naming the doc,
 * the line and what it cites. Fenced code blocks are not read.
 *
 * <h2>Promise tables</h2>
 *
 * A table whose header has a cell {@code test} (that word alone, in any case) states promises, one a row. Each
 * row's test cell holds one or more test names in backticks, separated by commas ({@code `A.b`, `C.d`} or {@code
 * `A.b, C.d`}), and nothing else. A test name is {@code ClassName.methodName}: a method of a class of the test
 * sources ({@code *}{@code /src/test/java}, nested classes by their simple name, inherited methods found), annotated
 * {@code @Test}, {@code @ParameterizedTest}, {@code @RepeatedTest} or {@code @TestFactory}, neither it nor its class
 * {@code @Disabled}; or {@code ClassName} alone for a jcstress test, a class annotated {@code @JCStressTest} in the
 * jcstress module. A row with an empty test cell, a name in another form, or a test that does not exist or does not
 * run, is a problem.
 *
 * <h2>Names in backticks</h2>
 *
 * <ul>
 *   <li>A class name is a code span that is an UpperCamelCase Java identifier: a capital letter, then letters and
 *       digits, at least one of them lower-case, and no {@code _} ({@code Metatile}, {@code FanoutEngine}); alone,
 *       after a package ({@code io.github.metatilefanout.engine.FanoutEngine}), or followed by a member ({@code
 *       Setting.ALL}, {@code PngTileEncoder#imageIoBytes()}). It must be a type declared in the repository's
 *       sources (main, test or jcstress; nested ones included), a class of the JDK's packages listed here, an
 *       attribute of the metrics MBean ({@code Renders}, from {@code getRenders()}), or a name of another project
 *       given to the checker. A member after a class of the repository must be declared in its body (or in a
 *       supertype's; unchecked when a supertype is another project's); a lower-case member of a test class is a
 *       test name as in a promise table. A span ending in {@code .java} names a file of the repository.
 *   <li>Constants and keywords in capitals ({@code TILE_LOCKS}, {@code MISS}) have no lower-case letter, and
 *       settings keys ({@code poolSize}) start in lower case: neither is taken for a class. A setting key, system
 *       property ({@code -Dname=value}), environment variable or metric (camelCase, or starting as the project's
 *       names do) must be in the sources: as a word, or as a key the code builds a name from (the Cloud
 *       properties, the environment variables and the meters), or be one of the names the admin gives.
 * </ul>
 */
final class DocChecker {

    /** The JDK's packages whose classes the docs cite. */
    private static final List<String> JDK_PACKAGES = List.of(
            "java.lang.",
            "java.io.",
            "java.nio.",
            "java.util.",
            "java.util.concurrent.",
            "java.util.zip.",
            "java.awt.image.",
            "java.awt.color.");

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
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern QUALIFIED =
            Pattern.compile("(?:[a-z][a-z0-9_]*\\.)+([A-Z]\\w*)(?:\\.\\w+)*(?:\\(\\))?");
    private static final Pattern WITH_MEMBER = Pattern.compile("([A-Z]\\w*)(?:[.#](\\w+)(?:\\(\\))?)?");
    private static final Pattern TEST_NAME = Pattern.compile("([A-Z][\\w$]*)(?:\\.([a-z_$][\\w$]*))?");
    private static final Pattern DELIMITER_ROW = Pattern.compile("\\|?\\s*:?-+:?\\s*(?:\\|\\s*:?-+:?\\s*)*\\|?");
    private static final Pattern SYSTEM_PROPERTY = Pattern.compile("-D([\\w.-]+)(?:=.*)?");
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z][\\w.-]*)=\\S*");
    private static final Pattern CAMEL_CASE = Pattern.compile("[a-z]+(?:[A-Z][a-z0-9]*)+");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    private final JavaSources java;
    private final Set<String> otherProjectsNames;
    private final Set<String> namesTheAdminGives;
    private final Set<String> fileNames = new HashSet<>();
    private final String sources;
    private final Set<String> keys = new HashSet<>();

    /**
     * @param otherProjectsNames names of other projects the docs cite (GeoServer's, GeoWebCache's, HTTP's):
     *     classes, beans and headers, taken as they are
     * @param namesTheAdminGives names the docs have the admin choose, found in no source
     */
    DocChecker(Path root, Set<String> otherProjectsNames, Set<String> namesTheAdminGives) throws IOException {
        this.java = JavaSources.of(root);
        this.otherProjectsNames = Set.copyOf(otherProjectsNames);
        this.namesTheAdminGives = Set.copyOf(namesTheAdminGives);
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (isSource(root, file)) {
                    fileNames.add(file.getFileName().toString());
                    text.append(Files.readString(file)).append('\n');
                }
            }
        }
        this.sources = text.toString();
        Matcher literal = LITERAL.matcher(sources);
        while (literal.find()) {
            keys.add(normalized(literal.group(1)));
        }
    }

    /**
     * The problems of the promise tables of {@code lines}, the doc {@code doc}, but those of the tables whose header
     * row is one of {@code notPromises} (stripped).
     */
    List<String> promiseProblems(String doc, List<String> lines, Set<String> notPromises) {
        List<String> problems = new ArrayList<>();
        for (Row row : rows(lines)) {
            if (row.testColumn() >= 0 && !notPromises.contains(row.header())) {
                String cell =
                        row.cells().size() > row.testColumn() ? row.cells().get(row.testColumn()) : "";
                for (String problem : testCellProblems(cell.strip())) {
                    problems.add(doc + ":" + row.line() + ": " + problem);
                }
            }
        }
        return problems;
    }

    /** The problems of the names in backticks of {@code lines}, but those of the promise tables' test cells. */
    List<String> referenceProblems(String doc, List<String> lines) {
        List<String> problems = new ArrayList<>();
        List<Row> rows = rows(lines);
        boolean inCodeBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (isFence(line)) {
                inCodeBlock = !inCodeBlock;
                continue;
            }
            if (inCodeBlock) {
                continue;
            }
            for (Row row : rows) {
                if (row.line() == i + 1 && row.testColumn() >= 0 && row.cells().size() > row.testColumn()) {
                    line = line.replace(row.cells().get(row.testColumn()), ""); // checked as promises
                }
            }
            Matcher span = CODE_SPAN.matcher(line);
            while (span.find()) {
                String problem = problem(span.group(1));
                if (problem != null) {
                    problems.add(doc + ":" + (i + 1) + ": `" + span.group(1) + "` " + problem);
                }
            }
        }
        return problems;
    }

    /**
     * A body row of a table: its line (from 1), its cells, the index of its table's test column or -1, and its
     * table's header row.
     */
    private record Row(int line, List<String> cells, int testColumn, String header) {}

    /** The header rows of the tables of {@code lines}, stripped. */
    static List<String> tableHeaders(List<String> lines) {
        return rows(lines).stream().map(Row::header).distinct().toList();
    }

    private static List<Row> rows(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        boolean inCodeBlock = false;
        int testColumn = -1;
        String header = null;
        boolean inTable = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (isFence(line)) {
                inCodeBlock = !inCodeBlock;
                inTable = false;
                continue;
            }
            if (inCodeBlock || !line.startsWith("|")) {
                inTable = false;
                continue;
            }
            if (!inTable) {
                if (i + 1 < lines.size()
                        && DELIMITER_ROW.matcher(lines.get(i + 1).strip()).matches()) {
                    header = line;
                    List<String> headerCells = cells(line);
                    testColumn = -1;
                    for (int c = 0; c < headerCells.size(); c++) {
                        if (headerCells.get(c).strip().equalsIgnoreCase("test")) {
                            testColumn = c;
                        }
                    }
                    inTable = true;
                    i++; // the delimiter row
                }
                continue;
            }
            rows.add(new Row(i + 1, cells(line), testColumn, header));
        }
        return rows;
    }

    private static boolean isFence(String line) {
        String stripped = line.strip();
        return stripped.startsWith("```") || stripped.startsWith("~~~");
    }

    /** The cells of a table row, split at each {@code |} not escaped, the row's outer ones dropped. */
    private static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.startsWith("|") ? inner.substring(1) : inner;
        inner = inner.endsWith("|") && !inner.endsWith("\\|") ? inner.substring(0, inner.length() - 1) : inner;
        return List.of(inner.split("(?<!\\\\)\\|", -1));
    }

    private List<String> testCellProblems(String cell) {
        List<String> names = new ArrayList<>();
        Matcher span = CODE_SPAN.matcher(cell);
        while (span.find()) {
            for (String name : span.group(1).split(",")) {
                names.add(name.strip());
            }
        }
        String rest = CODE_SPAN.matcher(cell).replaceAll("").replace(",", "").strip();
        List<String> problems = new ArrayList<>();
        if (names.isEmpty()) {
            problems.add(
                    cell.isEmpty()
                            ? "a promise without a test: its test cell is empty"
                            : "a promise without a test: its test cell names none in backticks (" + cell + ")");
            return problems;
        }
        if (!rest.isEmpty()) {
            problems.add("the test cell holds more than test names in backticks: " + rest);
        }
        for (String name : names) {
            Matcher test = TEST_NAME.matcher(name);
            String problem = test.matches()
                    ? java.testProblem(test.group(1), test.group(2))
                    : "is no test name: ClassName.methodName, or ClassName alone for a @JCStressTest";
            if (problem != null) {
                problems.add("`" + name + "` " + problem);
            }
        }
        return problems;
    }

    /** What is wrong with the name a code span cites, or null if it exists or is no name this checker knows. */
    private String problem(String span) {
        if (span.endsWith(".java") && span.matches("[\\w$]+\\.java")) {
            return fileNames.contains(span) ? null : "names no file of the repository";
        }
        Matcher qualified = QUALIFIED.matcher(span);
        Matcher withMember = WITH_MEMBER.matcher(span);
        String className = qualified.matches() ? qualified.group(1) : withMember.matches() ? withMember.group(1) : null;
        if (className != null && isClassName(className)) {
            String member = !qualified.matches() ? withMember.group(2) : null;
            return classProblem(className, member);
        }
        String name = name(span);
        if (name == null
                || otherProjectsNames.contains(name)
                || namesTheAdminGives.contains(name)
                || containsWord(sources, name)
                || keys.contains(normalized(withoutPrefix(name)))) {
            return null;
        }
        return "names no setting, property or metric of the sources";
    }

    /** An UpperCamelCase identifier: a capital, then letters and digits, at least one lower-case. */
    static boolean isClassName(String name) {
        return CLASS_NAME.matcher(name).matches() && !name.equals(name.toUpperCase(Locale.ROOT));
    }

    private String classProblem(String className, String member) {
        List<Type> types = java.types(className);
        if (types.isEmpty()) {
            boolean known =
                    otherProjectsNames.contains(className) || isJdkClass(className) || isMetricsAttribute(className);
            return known ? null : "names no class of the repository (no type " + className + " in */src/*/java)";
        }
        if (member == null) {
            return null;
        }
        boolean testClass = types.stream().anyMatch(t -> t.kind() == JavaSources.Kind.TEST && t.hasTests());
        if (testClass && Character.isLowerCase(member.charAt(0))) {
            String problem = java.testProblem(className, member);
            return problem == null ? null : "names no test that runs: " + problem;
        }
        for (Type type : types) {
            if (java.hasSupertypeElsewhere(type)
                    || java.withSupertypes(type).stream().anyMatch(t -> t.declares(member))) {
                return null;
            }
        }
        return "names no member " + member + " of " + className + " ("
                + String.join(", ", types.stream().map(JavaSources::location).toList()) + ")";
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

    /** A text file of the repository's sources: not a doc, nor built, downloaded or version control's. */
    private static boolean isSource(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            if (SKIPPED_FOLDERS.contains(part.toString())) {
                return false;
            }
        }
        String name = file.getFileName().toString();
        boolean source = SOURCE_ENDINGS.stream().anyMatch(name::endsWith) || file.endsWith(Path.of(".ci", "run"));
        return source && Files.isRegularFile(file);
    }
}
