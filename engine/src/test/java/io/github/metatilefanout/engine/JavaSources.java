package io.github.metatilefanout.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Java sources of a repository read as text, for the tests that check the docs and the log messages against the
 * code without loading it (the adapters' classes cannot be loaded from the engine's tests): the types each file
 * declares, nested ones included, the members of their bodies, and which of their methods are tests.
 *
 * <p>The parsing is simple and says so. Comments, strings and character literals are blanked first, every offset
 * kept. A type is {@code class}, {@code interface}, {@code enum}, {@code record} or {@code @interface} and a name,
 * then its body in braces. The members of a body are what lies at its top level, a member's head running from the
 * {@code ;} or {@code }} that ends the member before it (outside parentheses) to its own {@code ;} or {@code {}. A
 * method is a member whose head ends in {@code <type> name(...)}; its annotations are in its head, a type's in its
 * head likewise.
 *
 * <p>Test sources are those under {@code src/test/java} of any module, and the jcstress module's main sources
 * (jcstress tests are classes annotated {@code @JCStressTest} of {@code engine-jcstress/src/main/java}).
 */
final class JavaSources {

    /** Which sources a file belongs to. */
    enum Kind {
        MAIN,
        TEST
    }

    /** A method declaration of a type: its name, and its head (annotations, modifiers, type, name). */
    record Method(String name, String head) {}

    /**
     * A type declared in {@code file}: {@code code} is the whole file with comments and literals blanked; its head
     * (annotations, modifiers, keyword, name, supertypes) starts at {@code headStart}, its body is between the braces
     * at {@code bodyStart} and {@code bodyEnd}.
     */
    record Type(String name, Path file, Kind kind, String code, int nameAt, int headStart, int bodyStart, int bodyEnd) {

        String head() {
            return code.substring(headStart, bodyStart);
        }

        /** The body with everything below its top level blanked: the members' heads and their braces only. */
        String members() {
            return topLevel(code, bodyStart + 1, bodyEnd);
        }

        /** The names of its supertypes ({@code extends}, {@code implements}), without package or type arguments. */
        List<String> supertypes() {
            String afterName = code.substring(nameAt, bodyStart);
            for (String without = afterName.replaceAll("<[^<>]*>", "");
                    !without.equals(afterName);
                    without = afterName.replaceAll("<[^<>]*>", "")) {
                afterName = without; // type arguments, innermost first
            }
            List<String> names = new ArrayList<>();
            Matcher clause = Pattern.compile("\\b(?:extends|implements)\\s+([\\w.\\s,]+)")
                    .matcher(afterName);
            while (clause.find()) {
                for (String each : clause.group(1).split("(?:,|\\s(?:extends|implements)\\s)")) {
                    String simple = each.strip().replaceAll(".*\\.", "");
                    if (simple.matches("\\w+")) {
                        names.add(simple);
                    }
                }
            }
            return names;
        }

        /** The methods named {@code name} it declares (not those it inherits). */
        List<Method> methods(String name) {
            String members = members();
            List<Method> methods = new ArrayList<>();
            Matcher declaration = Pattern.compile("[\\w>\\]]\\s+(" + Pattern.quote(name) + ")\\s*\\(")
                    .matcher(members);
            while (declaration.find()) {
                int start = JavaSources.headStart(members, declaration.start(1));
                methods.add(new Method(name, members.substring(start, declaration.end(1))));
            }
            return methods;
        }

        boolean isJcstressTest() {
            return annotated(head(), "JCStressTest");
        }

        /** Whether it declares a method annotated as a JUnit test. */
        boolean hasTests() {
            return TEST_ANNOTATION.matcher(members()).find();
        }

        /** Whether {@code name} is declared at its top level: a field, method, enum constant or nested type. */
        boolean declares(String name) {
            return Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?!\\w)")
                    .matcher(members())
                    .find();
        }
    }

    /** The annotations that make a method a JUnit test. */
    static final Pattern TEST_ANNOTATION =
            Pattern.compile("@(?:\\w+\\s*\\.\\s*)*(?:Test|ParameterizedTest|RepeatedTest|TestFactory)\\b");

    private static final Pattern BLANKED = Pattern.compile(
            "(?s)/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'");
    private static final Pattern TYPE =
            Pattern.compile("(?<![\\w.])(?:@\\s*interface|class|interface|enum|record)\\s+([A-Za-z_$][\\w$]*)");
    private static final Set<String> SKIPPED_FOLDERS = Set.of("target", "node_modules", ".git");

    private final Map<String, List<Type>> types = new HashMap<>();
    private final Map<Path, String> code = new HashMap<>();

    private JavaSources() {}

    /** The sources of every module of the repository at {@code root}: the {@code .java} files under a {@code src/}. */
    static JavaSources of(Path root) throws IOException {
        JavaSources sources = new JavaSources();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path relative = root.relativize(file);
                if (file.toString().endsWith(".java") && isSource(relative) && Files.isRegularFile(file)) {
                    sources.add(relative, kind(relative), Files.readString(file));
                }
            }
        }
        return sources;
    }

    private static boolean isSource(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_FOLDERS.contains(part.toString())) {
                return false;
            }
        }
        String path = relative.toString().replace('\\', '/');
        return path.matches("(?:.*/)?src/[^/]+/java/.*");
    }

    private static Kind kind(Path relative) {
        String path = relative.toString().replace('\\', '/');
        boolean test =
                path.matches("(?:.*/)?src/test/java/.*") || path.matches("(?:.*/)?[^/]*-jcstress/src/main/java/.*");
        return test ? Kind.TEST : Kind.MAIN;
    }

    private void add(Path file, Kind kind, String text) {
        String blanked = blanked(text);
        code.put(file, blanked);
        Matcher type = TYPE.matcher(blanked);
        while (type.find()) {
            int bodyStart = bodyStart(blanked, type.end());
            if (bodyStart < 0) {
                continue;
            }
            int bodyEnd = closingBrace(blanked, bodyStart);
            int headStart = headStart(blanked, type.start());
            types.computeIfAbsent(type.group(1), n -> new ArrayList<>())
                    .add(new Type(type.group(1), file, kind, blanked, type.start(1), headStart, bodyStart, bodyEnd));
        }
    }

    /** The types of that simple name, in any source. */
    List<Type> types(String name) {
        return types.getOrDefault(name, List.of());
    }

    /** Every file read, relative to the root, with its code (comments and literals blanked). */
    Map<Path, String> files() {
        return code;
    }

    /** The types of {@code file} whose body holds {@code offset}, innermost first. */
    List<Type> enclosing(Path file, int offset) {
        List<Type> enclosing = new ArrayList<>();
        for (List<Type> each : types.values()) {
            for (Type type : each) {
                if (type.file().equals(file) && type.bodyStart() < offset && offset < type.bodyEnd()) {
                    enclosing.add(type);
                }
            }
        }
        enclosing.sort((a, b) -> Integer.compare(b.bodyStart(), a.bodyStart()));
        return enclosing;
    }

    /**
     * What is wrong with naming {@code className.methodName} (or {@code className} alone, {@code methodName} null)
     * as a test, or null if it is a test that runs: a JUnit test method (annotated {@code @Test},
     * {@code @ParameterizedTest}, {@code @RepeatedTest} or {@code @TestFactory}, declared or inherited) of a class of
     * the test sources, neither it nor its class {@code @Disabled}, or a class annotated {@code @JCStressTest}.
     */
    String testProblem(String className, String methodName) {
        List<Type> candidates =
                types(className).stream().filter(t -> t.kind() == Kind.TEST).toList();
        if (candidates.isEmpty()) {
            return types(className).isEmpty()
                    ? "names no class of the test sources (no " + className
                            + " in */src/test/java or the jcstress sources)"
                    : "names a class of the main sources, not a test";
        }
        if (methodName == null) {
            return candidates.stream().anyMatch(Type::isJcstressTest)
                    ? null
                    : "names a class: a JUnit test is named ClassName.methodName, a class alone only for a @JCStressTest";
        }
        String problem = null;
        for (Type type : candidates) {
            String each = methodProblem(type, methodName);
            if (each == null) {
                return null;
            }
            problem = problem == null ? each : problem;
        }
        return problem;
    }

    private String methodProblem(Type type, String methodName) {
        for (Type enclosing : withEnclosing(type)) {
            if (annotated(enclosing.head(), "Disabled")) {
                return "is in a @Disabled class (" + enclosing.name() + ", " + location(enclosing) + ")";
            }
        }
        List<Method> methods = new ArrayList<>();
        for (Type declaring : withSupertypes(type)) {
            methods.addAll(declaring.methods(methodName));
            if (!methods.isEmpty()) {
                break;
            }
        }
        if (methods.isEmpty()) {
            return "names no method " + methodName + " of " + type.name() + " (" + location(type) + ")";
        }
        List<Method> tests = methods.stream()
                .filter(m -> TEST_ANNOTATION.matcher(m.head()).find())
                .toList();
        if (tests.isEmpty()) {
            return "is not annotated @Test, @ParameterizedTest, @RepeatedTest or @TestFactory (" + location(type) + ")";
        }
        if (tests.stream().allMatch(m -> annotated(m.head(), "Disabled"))) {
            return "is @Disabled (" + location(type) + ")";
        }
        return null;
    }

    /** {@code type}, then the types of the repository it extends or implements, nearest first. */
    List<Type> withSupertypes(Type type) {
        Set<Type> found = new LinkedHashSet<>();
        List<Type> next = List.of(type);
        while (!next.isEmpty()) {
            List<Type> supertypes = new ArrayList<>();
            for (Type each : next) {
                if (found.add(each)) {
                    for (String name : each.supertypes()) {
                        supertypes.addAll(types(name));
                    }
                }
            }
            next = supertypes;
        }
        return List.copyOf(found);
    }

    /** Whether {@code type} or one of its supertypes extends or implements a type outside the repository. */
    boolean hasSupertypeElsewhere(Type type) {
        return withSupertypes(type).stream()
                .flatMap(t -> t.supertypes().stream())
                .anyMatch(name -> types(name).isEmpty());
    }

    private List<Type> withEnclosing(Type type) {
        List<Type> types = new ArrayList<>();
        types.add(type);
        types.addAll(enclosing(type.file(), type.nameAt()));
        return types;
    }

    /** The file of {@code type}, relative to the repository, with {@code /}. */
    static String location(Type type) {
        return type.file().toString().replace('\\', '/');
    }

    /** Whether {@code head} carries the annotation of that simple name (qualified or not). */
    static boolean annotated(String head, String annotation) {
        return Pattern.compile("@(?:\\w+\\s*\\.\\s*)*" + Pattern.quote(annotation) + "\\b(?!\\s*\\.)")
                .matcher(head)
                .find();
    }

    /** {@code text} with its comments, strings, text blocks and character literals replaced by spaces. */
    static String blanked(String text) {
        StringBuilder out = new StringBuilder(text);
        Matcher literal = BLANKED.matcher(text);
        while (literal.find()) {
            for (int i = literal.start(); i < literal.end(); i++) {
                if (out.charAt(i) != '\n') {
                    out.setCharAt(i, ' ');
                }
            }
        }
        return out.toString();
    }

    /** {@code code} from {@code from} to {@code to} with every block below that level blanked, its braces kept. */
    static String topLevel(String code, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        int depth = 0;
        int parentheses = 0;
        for (int i = from; i < to; i++) {
            char c = code.charAt(i);
            if (depth == 0) {
                out.append(c);
                if (c == '(') {
                    parentheses++;
                } else if (c == ')') {
                    parentheses--;
                } else if (c == '{' && parentheses == 0) {
                    depth = 1;
                }
            } else if (c == '{') {
                depth++;
                out.append(' ');
            } else if (c == '}' && --depth == 0) {
                out.append('}');
            } else {
                out.append(c == '\n' ? '\n' : ' ');
            }
        }
        return out.toString();
    }

    /** Where the head of the member or type at {@code at} starts: after the {@code ;}, {@code {} or {@code }} before it. */
    static int headStart(String code, int at) {
        int parentheses = 0;
        for (int i = at - 1; i >= 0; i--) {
            char c = code.charAt(i);
            if (c == ')') {
                parentheses++;
            } else if (c == '(') {
                parentheses--;
            } else if (parentheses == 0 && (c == ';' || c == '{' || c == '}')) {
                return i + 1;
            }
        }
        return 0;
    }

    /** The offset of the {@code {} opening the body of the type declared just before {@code from}, or -1. */
    private static int bodyStart(String code, int from) {
        int parentheses = 0;
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '(') {
                parentheses++;
            } else if (c == ')') {
                parentheses--;
            } else if (parentheses == 0 && c == '{') {
                return i;
            } else if (parentheses == 0 && (c == ';' || c == '}' || c == '=')) {
                return -1;
            }
        }
        return -1;
    }

    private static int closingBrace(String code, int open) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return code.length();
    }
}
