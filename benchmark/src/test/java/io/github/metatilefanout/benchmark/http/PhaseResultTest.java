package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.benchmark.http.PhaseResult.Answer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseResultTest {

    @Test
    void cacheHitsAreCountedFromGeoWebCachesHeader() {
        PhaseResult phase = phase(new Answer(1_000_000, 200, "HIT", false), new Answer(1_000_000, 200, "MISS", false));

        assertTrue(phase.line(50).contains("cache hits     1"), phase.line(50));
    }

    @Test
    void aServerThatSendsNoCacheHeaderHasItsCacheHitsShownAsNotKnown() {
        // MapProxy and MapCache answer without GeoWebCache's header: their hits are not known, not 0
        PhaseResult phase = phase(new Answer(1_000_000, 200, null, false), new Answer(1_000_000, 200, null, false));

        assertTrue(phase.line(50).contains("cache hits   n/a"), phase.line(50));
    }

    private static PhaseResult phase(Answer... answers) {
        return new PhaseResult("no hits", List.of(answers), 2_000_000, 2, 2, Map.of());
    }
}
