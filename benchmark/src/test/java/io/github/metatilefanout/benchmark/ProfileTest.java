package io.github.metatilefanout.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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
                            case "hits" -> Integer.parseInt(value);
                            case "metatile" -> Sizes.metatile(value);
                            case "pool", "clients" -> Sizes.count(value);
                            case "format" -> Sizes.format(value);
                            default -> throw new AssertionError("Unknown parameter " + name + " in " + run);
                        }
                    }));
        }
    }

    @Test
    void smokeCoversWhatQuickCovers() {
        assertEquals(Profile.QUICK.runs(), Profile.SMOKE.runs());
        for (Profile.Run run : Profile.SMOKE.runs()) {
            assertEquals(1, Profile.SMOKE.timing(run.benchmark()).measurementIterations());
            assertEquals(0, Profile.SMOKE.timing(run.benchmark()).warmupIterations());
        }
    }

    @Test
    void countsAreRelativeToTheCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(
                List.of(0, 1, cores, 2 * cores, 4 * cores),
                List.of("0", "1", "cores", "2xcores", "4xcores").stream()
                        .map(Sizes::count)
                        .toList());
        assertThrows(IllegalArgumentException.class, () -> Sizes.count("many"));
        assertThrows(IllegalArgumentException.class, () -> Profile.of("medium"));
    }
}
