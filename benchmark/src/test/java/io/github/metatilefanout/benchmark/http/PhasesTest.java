package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PhasesTest {

    @Test
    void everyPrefixHoldsExactlyItsShareOfHitsAndEvery100RequestsTheRatio() {
        for (int percent = 0; percent <= 100; percent++) {
            long hits = 0;
            for (long i = 0; i < 1000; i++) {
                hits += Phases.isHit(i, percent) ? 1 : 0;
                assertEquals((i + 1) * percent / 100, hits, "after " + (i + 1) + " requests at " + percent + " %");
            }
            for (long start = 0; start < 300; start += 37) {
                long window = 0;
                for (long i = start; i < start + 100; i++) {
                    window += Phases.isHit(i, percent) ? 1 : 0;
                }
                assertEquals(percent, window);
            }
        }
    }
}
