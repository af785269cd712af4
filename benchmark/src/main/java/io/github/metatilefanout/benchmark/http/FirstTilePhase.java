package io.github.metatilefanout.benchmark.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Time to first tile: one client asks for one tile of each of {@code count} metatiles nobody has asked
 * for, one after the other, and times each answer. With {@code drain}, it then asks (untimed) for every
 * other tile of the metatile, which waits for the server to have stored them, so the next timed request
 * meets an idle server; without it (for a zoom level the server does not cache, where each of those
 * requests would render again) the next request follows at once.
 */
final class FirstTilePhase {

    private final Target target;

    FirstTilePhase(Target target) {
        this.target = target;
    }

    PhaseResult run(int count, boolean drain) throws IOException, InterruptedException {
        List<Metatile> metatiles = target.metatiles().take(count);
        List<Answer> timed = new ArrayList<>(count);
        long siblings = 0;
        long siblingHits = 0;
        target.markGetMaps();
        long busy = 0;
        for (Metatile metatile : metatiles) {
            Tile first = Target.someTile(metatile, 0);
            Answer answer = target.client().fetch(first);
            timed.add(answer);
            busy += answer.nanos();
            if (drain && !answer.timedOut()) {
                for (Tile sibling : metatile.tiles()) {
                    if (!sibling.equals(first)) {
                        siblings++;
                        siblingHits += target.client().fetch(sibling).hit() ? 1 : 0;
                    }
                }
            }
        }
        long getMaps = target.getMapsSinceMark();
        String name = String.format(
                "first tile %dx%d%s",
                metatiles.get(0).width(),
                metatiles.get(0).height(),
                drain ? " (siblings " + siblingHits + "/" + siblings + " hits)" : "");
        // tiles/s over the timed requests alone: the wall time would count the untimed sibling requests
        return new PhaseResult(name, timed, busy, metatiles.size(), getMaps);
    }
}
