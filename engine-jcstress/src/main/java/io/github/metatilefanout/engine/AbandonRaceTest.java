package io.github.metatilefanout.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * The rendering request thread encodes its tile 0 of a fresh 2x1 metatile and then asks {@code
 * bytesForRequest} for tile 1, while the job's owner, being stopped, abandons every tile nobody has started
 * ({@code abandonUnclaimed()}, as the engine's close does).
 *
 * <p>Result: what the request got for tile 1 (1: tile 1's bytes; 0: none; {@value StressFlight#WRONG_BYTES}:
 * other bytes, for tile 1 or for tile 0), what the owner abandoned (-1: nothing; else the one tile;
 * {@value StressFlight#WRONG_BYTES}: several), how many times tile 0 and tile 1 were encoded, and the
 * image's disposals (-1: an encoding read it after its disposal).
 */
@JCStressTest
@Description("A tile abandoned is never stored, a request still gets it while the image lives; one disposal")
@Outcome(
        id = "1, -1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The request claimed tile 1 before the owner abandoned it, and encoded it; nothing left to abandon.")
@Outcome(
        id = "1, 1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The owner abandoned tile 1 while the request kept the image: the request encoded it from the image.")
@Outcome(
        id = "0, 1, 1, 0, 1",
        expect = ACCEPTABLE,
        desc = "The owner abandoned tile 1 and the image was gone before the request asked: no bytes, no encoding.")
@Outcome(
        id = "1, [^,]+, [^,]+, 0, [^,]+",
        expect = FORBIDDEN,
        desc = "bytesForRequest returned bytes for tile 1, which was never encoded.")
@Outcome(id = "[^,]+, [^,]+, [^,]+, [2-9], [^,]+", expect = FORBIDDEN, desc = "Tile 1 was encoded twice.")
@Outcome(
        id = "[^,]+, (0|9), .*",
        expect = FORBIDDEN,
        desc = "abandonUnclaimed() took tile 0, which the request thread held, or several tiles.")
@Outcome(id = "0, -1, .*", expect = FORBIDDEN, desc = "The request got no bytes for tile 1, which nobody abandoned.")
@Outcome(id = "9, .*", expect = FORBIDDEN, desc = "The request thread got bytes of the wrong tile.")
@Outcome(
        id = "[^,]+, [^,]+, [^,]+, [^,]+, (-1|0|[2-9])",
        expect = FORBIDDEN,
        desc = "The image was not disposed exactly once, or an encoding read it after its disposal.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome (a tile encoded twice or never) breaks the state machine.")
@State
public class AbandonRaceTest {

    private final StressFlight stress = new StressFlight(0);

    @Actor
    public void requestThread(IIIII_Result r) {
        byte[] requested = stress.encodeRequested();
        byte[] other;
        try {
            other = stress.flight.bytesForRequest(1, StressFlight.REQUEST_TIMEOUT);
        } catch (InterruptedException | TileException e) {
            r.r1 = StressFlight.WRONG_BYTES;
            return;
        }
        if (!StressFlight.isFirstEncoding(requested, 0)) {
            r.r1 = StressFlight.WRONG_BYTES;
        } else if (other == null) {
            r.r1 = 0;
        } else {
            r.r1 = StressFlight.isFirstEncoding(other, 1) ? 1 : StressFlight.WRONG_BYTES;
        }
    }

    @Actor
    public void stoppingOwner(IIIII_Result r) {
        List<Integer> abandoned = stress.flight.abandonUnclaimed();
        r.r2 = switch (abandoned.size()) {
            case 0 -> -1;
            case 1 -> abandoned.get(0);
            default -> StressFlight.WRONG_BYTES;
        };
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        r.r3 = stress.encodings(0);
        r.r4 = stress.encodings(1);
        r.r5 = stress.image();
    }
}
