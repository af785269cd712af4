package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.report.Counts;
import io.github.metatilefanout.benchmark.serve.Strategy;
import io.github.metatilefanout.engine.FanoutSettings;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.runner.options.TimeValue;

class ProfileTest {

    @ParameterizedTest
    @EnumSource(Profile.class)
    void everyParameterValueIsUnderstood(Profile profile) {
        assertFalse(profile.runs().isEmpty());
        for (Profile.Run run : profile.runs()) {
            run.params()
                    .forEach((name, values) -> values.forEach(value -> {
                        switch (name) {
                            case "strategy" -> Strategy.of(value);
                            case "strategies" -> ServingBenchmark.strategies(value);
                            case "hits" -> Integer.parseInt(value);
                            case "metatile" -> Harness.metatile(value);
                            case "pool", "clients" -> Counts.resolve(value);
                            case "format" -> Harness.format(value);
                            case "latency" -> Integer.parseInt(value);
                            case "storeThreads" -> FanoutSettings.defaults().withStoreThreads(Integer.parseInt(value));
                            default -> throw new AssertionError("Unknown parameter " + name + " in " + run);
                        }
                    }));
        }
    }

    @Test
    void smokeCoversWhatQuickCoversWithOneShortIteration() {
        List<Profile.Run> quick = Profile.QUICK.runs();
        List<Profile.Run> smoke = Profile.SMOKE.runs();

        assertEquals(
                quick.stream().map(Profile.Run::params).toList(),
                smoke.stream().map(Profile.Run::params).toList());
        for (Profile.Run run : smoke) {
            assertEquals(1, run.measurementIterations());
            assertEquals(0, run.warmupIterations());
        }
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void everyProfileTimesFirstTilesUnderTheIssuesLoad(Profile profile) {
        List<Profile.Run> loaded = profile.runs(Pattern.compile("^LoadedFirstTileBenchmark "));

        assertEquals(1, loaded.size());
        Map<String, List<String>> params = loaded.get(0).params();
        assertEquals(profile == Profile.FULL ? List.of("4x4", "10x10") : List.of("4x4"), params.get("metatile"));
        assertEquals(List.of("8"), params.get("clients"));
        assertEquals(List.of("2"), params.get("pool"));
        assertEquals(List.of("png"), params.get("format"));
        List<Strategy> compared =
                ServingBenchmark.strategies(params.get("strategies").get(0));
        assertTrue(compared.containsAll(List.of(Strategy.SEQUENTIAL, Strategy.FANOUT)), compared.toString());
        assertTrue(loaded.get(0).measurementIterations() >= 1);
    }

    @Test
    void aRegularExpressionKeepsSomeOfAProfilesRuns() {
        List<Profile.Run> firstTiles = Profile.FULL.runs(Pattern.compile("FirstTile"));

        assertEquals(
                List.of(FirstTileBenchmark.class, LoadedFirstTileBenchmark.class),
                firstTiles.stream().map(Profile.Run::benchmark).toList());
        assertThrows(IllegalArgumentException.class, () -> Profile.QUICK.runs(Pattern.compile("NoSuchBenchmark")));
        assertEquals(3, Profile.FULL.runs(Pattern.compile("Throughput.*\\+")).size(), "strategies in turn");
    }

    @Test
    void theFullProfileComparesUpstreamUnderLoadToo() {
        Profile.Run loaded =
                Profile.FULL.runs(Pattern.compile("LoadedFirstTile")).get(0);

        assertEquals(
                List.of(Strategy.SEQUENTIAL, Strategy.UPSTREAM_2_27, Strategy.FANOUT),
                ServingBenchmark.strategies(loaded.params().get("strategies").get(0)));
        assertThrows(IllegalArgumentException.class, () -> ServingBenchmark.strategies("fanout+nothing"));
    }

    @Test
    void theProgressKnowsHowManyTrialsARunHasAndHowLongTheyTake() {
        List<Profile.Run> quick = Profile.QUICK.runs();

        // 4 + 6 throughput, 1 in turn, 3 + 2 first tile, 2 x 2 costs (two methods), 1 under load
        assertEquals(21, quick.stream().mapToInt(r -> r.trials().size()).sum());
        Profile.Run inTurn = quick.get(2);
        assertEquals(List.of("sequential+upstream-2.27+fanout"), inTurn.params().get("strategies"));
        // 1 s warm-up, 2 x 3 s measured, 2 s of JIT warm-up for each of the three strategies
        assertEquals(13, Profile.QUICK.nominalSeconds(inTurn), 1e-9);
        assertEquals(TimeValue.milliseconds(2500), quick.get(3).warmupTime());
    }

    @Test
    void countsAreRelativeToTheCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(
                List.of(0, 1, cores, 2 * cores, 4 * cores),
                List.of("0", "1", "cores", "2xcores", "4xcores").stream()
                        .map(Counts::resolve)
                        .toList());
        assertThrows(IllegalArgumentException.class, () -> Counts.resolve("many"));
    }
}
