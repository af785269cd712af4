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
 * A request thread asks {@code bytesForRequest} for tile 1 of a fresh 2x1 metatile, unclaimed, while the
 * job's owner calls {@code claimNext()} and encodes what it gets; tile 0, held by the rendering request
 * thread from the start, is encoded by the arbiter afterwards so that the image's disposal can be checked.
 *
 * <p>Each encoding's bytes are distinct, so "the first encoding of tile 1" means the very bytes whoever
 * encoded it produced.
 *
 * <p>Result: what the request got for tile 1 (1: the first encoding of tile 1; 0: none; {@value
 * StressFlight#WRONG_BYTES}: other bytes), what the owner claimed (-1: nothing; 1: tile 1, and its encoding
 * returned the first encoding of tile 1; {@value StressFlight#WRONG_BYTES}: anything else), how many times
 * tile 1 was encoded, and the image's disposals (-1: an encoding read it after its disposal; {@value
 * StressFlight#WRONG_BYTES}: the arbiter's encoding of tile 0 returned wrong bytes).
 */
@JCStressTest
@Description("Exactly one of a request thread and the owner encodes a tile; the other gets its bytes or no claim")
@Outcome(
        id = "1, -1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The request claimed tile 1 and encoded it; the owner found nothing left to claim.")
@Outcome(
        id = "1, 1, 1, 1",
        expect = ACCEPTABLE,
        desc = "The owner claimed and encoded tile 1; the request waited and got the owner's bytes.")
@Outcome(id = "[^,]+, [^,]+, [2-9], [^,]+", expect = FORBIDDEN, desc = "Both encoded tile 1.")
@Outcome(
        id = "0, [^,]+, [1-9], [^,]+",
        expect = FORBIDDEN,
        desc = "The request got no bytes though tile 1 was encoded.")
@Outcome(
        id = "9, .*|[^,]+, 9, .*",
        expect = FORBIDDEN,
        desc = "The request got bytes of another encoding, or the owner claimed tile 0 or got wrong bytes.")
@Outcome(
        id = "[^,]+, [^,]+, [^,]+, (-1|0|[2-9])",
        expect = FORBIDDEN,
        desc = "The image was not disposed exactly once, an encoding read it after its disposal, or tile 0's bytes"
                + " were wrong.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome (tile 1 never encoded) breaks the state machine.")
@State
public class RequestRaceTest {

    private final StressFlight stress = new StressFlight(0);

    @Actor
    public void request(IIII_Result r) {
        byte[] data;
        try {
            data = stress.flight.bytesForRequest(1, StressFlight.REQUEST_TIMEOUT);
        } catch (InterruptedException | TileException e) {
            data = new byte[0]; // reported as wrong bytes
        }
        if (data == null) {
            r.r1 = 0;
        } else {
            r.r1 = StressFlight.isFirstEncoding(data, 1) ? 1 : StressFlight.WRONG_BYTES;
        }
    }

    @Actor
    public void owner(IIII_Result r) {
        int claimed = stress.flight.claimNext();
        if (claimed < 0) {
            r.r2 = -1;
        } else {
            byte[] data = stress.flight.encodeClaimed(claimed, EncodedOn.POOL);
            r.r2 = claimed == 1 && StressFlight.isFirstEncoding(data, 1) ? 1 : StressFlight.WRONG_BYTES;
        }
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        // the rendering request thread's own tile, last, so that its encoding is the one that disposes
        boolean requested = StressFlight.isFirstEncoding(stress.encodeRequested(), 0);
        r.r3 = stress.encodings(1);
        r.r4 = requested ? stress.image() : StressFlight.WRONG_BYTES;
    }
}
