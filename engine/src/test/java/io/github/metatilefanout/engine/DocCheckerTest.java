package io.github.metatilefanout.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DocChecker} fails where it should: on a repository of a few fixture sources, each doc line below is
 * a problem or not, as its comment says; and on this repository, every test it has is found as one.
 */
class DocCheckerTest {

    private static final String SERVING_TEST =
            """
            package x;

            import org.junit.jupiter.api.Disabled;
            import org.junit.jupiter.api.Test;
            import org.junit.jupiter.params.ParameterizedTest;
            import org.junit.jupiter.params.provider.ValueSource;

            /** Mentions void inAComment() {} and @Test void alsoInAComment() in its Javadoc. */
            class ServingTest extends BaseTest {

                private final String text = "@Test void inAString() {";

                @Test
                void aHitIsServed() {
                    Runnable r = new Runnable() {
                        @Test
                        public void insideAnAnonymousClass() {}
                    };
                }

                @Disabled("flaky")
                @Test
                void aMissIsRenderedOnce() {}

                @ParameterizedTest
                @ValueSource(ints = {1, 2})
                void eachSizeIsServed(int size) {
                    helper();
                }

                void helper() {}

                // @Test void commentedOut() {}

                @Nested
                class Nested {
                    @Test
                    void aNestedTest() {}
                }
            }

            @Disabled
            class SkippedTest {
                @Test
                void anything() {}
            }
            """;

    private static final String BASE_TEST =
            """
            package x;

            abstract class BaseTest {
                @org.junit.jupiter.api.Test
                void anInheritedTest() {}
            }
            """;

    private static final String CLAIM_RACE =
            """
            package x;

            @JCStressTest
            @Outcome(id = "1, 0", expect = Expect.ACCEPTABLE)
            public class ClaimRace {
                @Actor
                public void actor1() {}
            }
            """;

    private static final String TILE_LOCKS =
            """
            package x;

            public final class TileLocks {
                public static final String POOL_SIZE = "poolSize";

                public void release(String key) {}
            }
            """;

    @TempDir
    Path root;

    private DocChecker checker() throws IOException {
        write("engine/src/test/java/x/ServingTest.java", SERVING_TEST);
        write("engine/src/test/java/x/BaseTest.java", BASE_TEST);
        write("engine-jcstress/src/main/java/x/ClaimRace.java", CLAIM_RACE);
        write("engine/src/main/java/x/TileLocks.java", TILE_LOCKS);
        return new DocChecker(root, Set.of("GeoServerTileLayer"), Set.of());
    }

    @Test
    void aPromiseNamingAMissingADisabledOrANonTestOrNoTestIsAProblem() throws IOException {
        List<String> doc = List.of(
                "# Promises",
                "",
                "| promise | Test |",
                "|---|---|",
                "| a hit is served | `ServingTest.aHitIsServed` |", // 5: fine
                "| a miss is rendered once | `ServingTest.aMissIsRenderedOnce` |", // 6: @Disabled
                "| a tile that is gone | `ServingTest.aTileIsGone` |", // 7: missing
                "| two tests | `ServingTest.aHitIsServed`, `ServingTest.eachSizeIsServed` |", // 8: fine
                "| two in one span | `Nested.aNestedTest, ClaimRace, ServingTest.anInheritedTest` |", // 9: fine
                "| not a test | `ServingTest.helper` |", // 10: no test annotation
                "| in a comment | `ServingTest.commentedOut` |", // 11: missing
                "| in a string | `ServingTest.inAString` |", // 12: missing
                "| an anonymous class's | `ServingTest.insideAnAnonymousClass` |", // 13: not ServingTest's
                "| a disabled class | `SkippedTest.anything` |", // 14: @Disabled class
                "| no test |  |", // 15: empty
                "| said in words | the panel's tests |", // 16: none in backticks
                "| a class alone | `ServingTest` |", // 17: not a jcstress test
                "| commented | `ServingTest.aHitIsServed` (fast) |", // 18: more than names
                "| a main class | `TileLocks.release` |", // 19: not in the test sources
                "| no such class | `GoneTest.anything` |", // 20: missing class
                "| another form | `ServingTest#aHitIsServed()` |", // 21: not ClassName.methodName
                "",
                "| where | what |",
                "|---|---|",
                "| no test column | `GoneTest.anything` |", // 25: not a promise table
                "",
                "```",
                "| promise | test |",
                "|---|---|",
                "| in a code block |  |", // 30: not read
                "```");
        List<String> problems = checker().promiseProblems("docs/p.md", doc, Set.of());
        assertEquals(
                List.of(
                        "docs/p.md:6: `ServingTest.aMissIsRenderedOnce` is @Disabled"
                                + " (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:7: `ServingTest.aTileIsGone` names no method aTileIsGone of ServingTest"
                                + " (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:10: `ServingTest.helper` is not annotated @Test, @ParameterizedTest, @RepeatedTest"
                                + " or @TestFactory (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:11: `ServingTest.commentedOut` names no method commentedOut of ServingTest"
                                + " (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:12: `ServingTest.inAString` names no method inAString of ServingTest"
                                + " (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:13: `ServingTest.insideAnAnonymousClass` names no method insideAnAnonymousClass"
                                + " of ServingTest (engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:14: `SkippedTest.anything` is in a @Disabled class (SkippedTest,"
                                + " engine/src/test/java/x/ServingTest.java)",
                        "docs/p.md:15: a promise without a test: its test cell is empty",
                        "docs/p.md:16: a promise without a test: its test cell names none in backticks (the panel's"
                                + " tests)",
                        "docs/p.md:17: `ServingTest` names a class: a JUnit test is named ClassName.methodName, a class"
                                + " alone only for a @JCStressTest",
                        "docs/p.md:18: the test cell holds more than test names in backticks: (fast)",
                        "docs/p.md:19: `TileLocks.release` names a class of the main sources, not a test",
                        "docs/p.md:20: `GoneTest.anything` names no class of the test sources (no GoneTest in"
                                + " */src/test/java or the jcstress sources)",
                        "docs/p.md:21: `ServingTest#aHitIsServed()` is no test name: ClassName.methodName, or"
                                + " ClassName alone for a @JCStressTest"),
                problems);
    }

    @Test
    void aTableNamedAsNotYetPromisesIsSkipped() throws IOException {
        List<String> doc = List.of("| where | test |", "|---|---|", "| the panel | `ServingTest` (headless) |");
        assertEquals(2, checker().promiseProblems("d.md", doc, Set.of()).size());
        assertEquals(List.of(), checker().promiseProblems("d.md", doc, Set.of("| where | test |")));
        assertEquals(List.of("| where | test |"), DocChecker.tableHeaders(doc));
    }

    /** Finding 16 of the 2026-12-07 review: a one-word class name in backticks was not checked. */
    @Test
    void everyUpperCamelCaseNameInBackticksIsAClassOfTheRepositoryTheJdkOrAnotherProject() throws IOException {
        List<String> doc = List.of(
                "The `Locks` class takes the locks.", // 1: no such class
                "`TileLocks` and `ServingTest` do, `Nested` too, and `x.TileLocks`.", // fine
                "`Semaphore`, `Error`, `GeoServerTileLayer` and the attribute `Renders` are known.", // fine
                "`TileLocks.release`, `TileLocks#release()` and `TileLocks.POOL_SIZE` exist.", // fine
                "`TileLocks.acquire` does not.", // 5: no member
                "`ServingTest.aHitIsServed` runs, `ServingTest.aMissIsRenderedOnce` does not.", // 6: disabled
                "Constants `TILE_LOCKS`, `MISS`, keys `poolSize`, `POOL_SIZE=3` are no class names.", // fine
                "`TileLocks.java` is a file, `Gone.java` is not.", // 8
                "```",
                "`Gone` in a code block is not read.",
                "```");
        assertEquals(
                List.of(
                        "docs/r.md:1: `Locks` names no class of the repository (no type Locks in */src/*/java)",
                        "docs/r.md:5: `TileLocks.acquire` names no member acquire of TileLocks"
                                + " (engine/src/main/java/x/TileLocks.java)",
                        "docs/r.md:6: `ServingTest.aMissIsRenderedOnce` names no test that runs: is @Disabled"
                                + " (engine/src/test/java/x/ServingTest.java)",
                        "docs/r.md:8: `Gone.java` names no file of the repository"),
                checker().referenceProblems("docs/r.md", doc));
    }

    /** The parser on this repository: every method annotated as a test is found as one, with its class. */
    @Test
    void everyTestOfThisRepositoryIsFoundAsOne() throws IOException {
        JavaSources sources = JavaSources.of(Path.of(".."));
        Pattern test = Pattern.compile("@(?:Test|ParameterizedTest)\\b[^;]*?\\bvoid\\s+(\\w+)\\s*\\(");
        List<String> problems = new ArrayList<>();
        int tests = 0;
        for (Map.Entry<Path, String> file : sources.files().entrySet()) {
            Matcher method = test.matcher(file.getValue());
            while (method.find()) {
                String className =
                        sources.enclosing(file.getKey(), method.start()).get(0).name();
                String problem = sources.testProblem(className, method.group(1));
                tests++;
                if (problem != null) {
                    problems.add(className + "." + method.group(1) + " " + problem);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(tests > 400, tests + " tests");
        assertEquals(null, sources.testProblem("ClaimRaceTest", null), "a jcstress test");
        assertTrue(
                sources.testProblem("DocCheckerTest", "checker").startsWith("is not annotated"),
                "a method of a test class that is no test");
    }

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
