package io.github.metatilefanout.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Two pool threads race {@code claimNext()} for the one unclaimed tile of a fresh 2x1 metatile whose tile 0
 * the rendering request thread holds from the start; each encodes what it claimed.
 *
 * <p>The first actor then also plays the rendering request thread and encodes tile 0, so that whenever the
 * second actor wins tile 1, the two last encodings (and so the image's disposal) race each other.
 *
 * <p>Result: the tile the first actor claimed, the tile the second claimed (-1: none; {@value
 * StressFlight#WRONG_BYTES}: one of its encodings returned bytes of another tile), how many times tile 0
 * and tile 1 were encoded, and the image's disposals (-1: an encoding read it after its disposal).
 */
@JCStressTest
@Description("claimNext() hands each tile to one thread; every covered tile is encoded once; one disposal")
@Outcome(
        id = "1, -1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The first actor claimed tile 1 and encoded it; each tile encoded once, the image disposed once.")
@Outcome(
        id = "-1, 1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The second actor claimed tile 1 and encoded it; each tile encoded once, the image disposed once.")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "Tile 1 claimed by both actors.")
@Outcome(id = "-1, -1, .*", expect = FORBIDDEN, desc = "Tile 1 claimed by neither actor: nobody encodes it.")
@Outcome(
        id = "(0|9), [^,]+, .*|[^,]+, (0|9), .*",
        expect = FORBIDDEN,
        desc = "An actor claimed tile 0, which the request thread holds, or got bytes of another tile.")
@Outcome(id = "[^,]+, [^,]+, (0, [^,]+|[^,]+, 0), [^,]+", expect = FORBIDDEN, desc = "A tile was never encoded.")
@Outcome(
        id = "[^,]+, [^,]+, ([2-9], [^,]+|[^,]+, [2-9]), [^,]+",
        expect = FORBIDDEN,
        desc = "The encoder was called twice for one tile.")
@Outcome(
        id = "[^,]+, [^,]+, [^,]+, [^,]+, (-1|0|[2-9])",
        expect = FORBIDDEN,
        desc = "The image was not disposed exactly once, or an encoding read it after its disposal.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome breaks the claim/encode state machine.")
@State
public class ClaimRaceTest {

    private final StressFlight stress = new StressFlight(0);

    @Actor
    public void owner(IIIII_Result r) {
        r.r1 = claimAndEncode();
        if (!StressFlight.isFirstEncoding(stress.encodeRequested(), 0)) {
            r.r1 = StressFlight.WRONG_BYTES;
        }
    }

    @Actor
    public void helper(IIIII_Result r) {
        r.r2 = claimAndEncode();
    }

    private int claimAndEncode() {
        int claimed = stress.flight.claimNext();
        if (claimed < 0) {
            return claimed;
        }
        byte[] data = stress.flight.encodeClaimed(claimed, EncodedOn.POOL);
        return StressFlight.isTile(data, claimed) ? claimed : StressFlight.WRONG_BYTES;
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        r.r3 = stress.encodings(0);
        r.r4 = stress.encodings(1);
        r.r5 = stress.image();
    }
}
