package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sibling bursts: for each of {@code count} metatiles nobody has asked for, {@code size} of its tiles are
 * requested at once (all of them for a 4x4 metatile and a size of 16), and the next burst starts when every
 * answer of this one is in. A server that renders each metatile once dispatches one GetMap per burst.
 */
final class SiblingBurstPhase {

    private final Target target;

    SiblingBurstPhase(Target target) {
        this.target = target;
    }

    PhaseResult run(int count, int size) throws IOException, InterruptedException {
        List<Metatile> metatiles = target.metatiles().take(count);
        int perBurst = Math.min(size, metatiles.get(0).size());
        List<Answer> answers = new ArrayList<>(count * perBurst);
        target.markGetMaps();
        long start = System.nanoTime();
        for (Metatile metatile : metatiles) {
            List<CompletableFuture<Answer>> burst = new ArrayList<>(perBurst);
            for (int i = 0; i < perBurst; i++) {
                burst.add(target.client().send(metatile.tile(i)));
            }
            for (CompletableFuture<Answer> answer : burst) {
                answers.add(await(answer));
            }
        }
        long elapsed = System.nanoTime() - start;
        String name = String.format(
                "sibling bursts %dx%d, %d at once",
                metatiles.get(0).width(), metatiles.get(0).height(), perBurst);
        return new PhaseResult(name, answers, elapsed, metatiles.size(), target.getMapsSinceMark());
    }

    private Answer await(CompletableFuture<Answer> answer) throws InterruptedException {
        try {
            // every request has its own timeout; this bound only guards against a client that never completes
            return answer.get(target.client().timeout().toMillis() * 2 + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return new Answer(0, 0, null, false);
        } catch (TimeoutException e) {
            answer.cancel(true);
            return new Answer(target.client().timeout().toNanos(), 0, null, true);
        }
    }
}
