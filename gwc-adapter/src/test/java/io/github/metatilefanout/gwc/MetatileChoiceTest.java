package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetatileChoiceTest {

    private static final TileKey TILE = new TileKey("roads", "EPSG:4326", "png", null, 3, 4, 5);
    private static final Metatile TWO_BY_ONE = new Metatile(
            TILE.at(2, 4, 5), 2, 1, 512, 256, List.of(new Rectangle(0, 0, 256, 256), new Rectangle(256, 0, 256, 256)));
    private static final Metatile ALONE = new Metatile(TILE, 1, 1, 256, 256, List.of(new Rectangle(0, 0, 256, 256)));
    private static final Map<String, Metatile> FOR_ENGINE = Map.of("metatile", TWO_BY_ONE, "alone", ALONE);

    @Test
    void theEngineGetsWhatItAsksForAndTheRequestOffersBoth() {
        MetatileChoice<String> choice = MetatileChoice.of("metatile", "alone", FOR_ENGINE::get);

        assertEquals("alone", choice.target(ALONE));
        assertEquals("metatile", choice.target(TWO_BY_ONE));
        TileRequest request = request(choice);
        assertEquals(TWO_BY_ONE, request.metatile());
        assertEquals(ALONE, request.singleTile());
    }

    @Test
    void withoutTheTileAloneTheRequestOffersTheMetatileOnlyAndNothingElseIsRendered() {
        MetatileChoice<String> choice = MetatileChoice.of("metatile", null, FOR_ENGINE::get);

        assertNull(request(choice).singleTile());
        assertThrows(IllegalArgumentException.class, () -> choice.target(ALONE));
    }

    private static TileRequest request(MetatileChoice<String> choice) {
        return choice.request(
                TILE,
                metatile -> MetatileImage.of(new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB)),
                (image, bounds) -> new byte[0],
                CachePolicy.PERSIST,
                Mode.INTERACTIVE);
    }
}
