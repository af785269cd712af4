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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A job keeps its metatile's image until it has finished: here the rendering request thread has encoded
 * tile 0 of a 2x1 metatile, and the job's owner claims and encodes tile 1 and then finishes ({@code
 * release()}), while a request thread finding the metatile in flight asks {@code bytesForRequest} for tile 1.
 *
 * <p>Result: what the request got (1: the first encoding of tile 1; 0: none, the image was gone; {@value
 * StressFlight#WRONG_BYTES}: other bytes or a failure), what the owner claimed (-1: nothing; 1: tile 1), how
 * many times tile 1 was encoded, and the image's disposals (-1: an encoding read it after its disposal).
 */
@JCStressTest
@Description("A request reads the image only while it lives, and the image is disposed once, after its last user")
@Outcome(
        id = "1, -1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The request claimed tile 1 and encoded it; the owner found nothing to claim.")
@Outcome(
        id = "1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The owner encoded tile 1; the request, which kept the image, got the owner's bytes.")
@Outcome(
        id = "0, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The owner encoded tile 1 and finished first: the image was gone, the request got nothing.")
@Outcome(id = "[^,]+, [^,]+, [2-9], [^,]+", expect = FORBIDDEN, desc = "Tile 1 was encoded twice.")
@Outcome(
        id = "[^,]+, [^,]+, [^,]+, (-1|0|[2-9])",
        expect = FORBIDDEN,
        desc = "The image was not disposed exactly once, or an encoding read it after its disposal.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome breaks the image's reference count.")
@State
public class RetainRaceTest {

    private final StressFlight stress = new StressFlight(0);

    public RetainRaceTest() {
        stress.flight.retain(); // the job's hold
        stress.encodeRequested();
    }

    @Actor
    public void request(IIII_Result r) {
        try {
            byte[] data = stress.flight.bytesForRequest(1, StressFlight.REQUEST_TIMEOUT);
            r.r1 = data == null ? 0 : StressFlight.isFirstEncoding(data, 1) ? 1 : StressFlight.WRONG_BYTES;
        } catch (InterruptedException | TileException e) {
            r.r1 = StressFlight.WRONG_BYTES;
        }
    }

    @Actor
    public void finishingOwner(IIII_Result r) {
        int claimed = stress.flight.claimNext();
        if (claimed >= 0) {
            stress.flight.encodeClaimed(claimed, EncodedOn.POOL);
        }
        r.r2 = claimed;
        stress.flight.release(); // the job has finished
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = stress.encodings(1);
        r.r4 = stress.image();
    }
}
