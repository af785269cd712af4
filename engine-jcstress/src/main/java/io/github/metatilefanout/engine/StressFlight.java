package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * A fresh {@link InFlightMetatile} over a 2x1 metatile (tile 0 left, tile 1 right, 8 x 8 pixels each), with
 * an in-memory encoder and a disposer that count what happens to each tile and to the image.
 *
 * <p>Each encoding returns {@code {tile, n}}: the tile's index and how many times that tile has been
 * encoded, this call included, so two encodings of one tile never return equal bytes.
 */
final class StressFlight {

    /** How long a request thread waits for a tile another thread encodes; only a bug makes it wait long. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /** What a test reports for bytes that are not the ones expected. */
    static final int WRONG_BYTES = 9;

    private static final int ZOOM = 6;

    static final Metatile METATILE = new Metatile(
            new TileKey("jcstress", "EPSG:3857", "raw", null, 0, 0, ZOOM),
            2,
            1,
            16,
            8,
            List.of(new Rectangle(0, 0, 8, 8), new Rectangle(8, 0, 8, 8)));

    /** Shared by every instance: the encoder only looks at the tile rectangle, and nothing writes to it. */
    private static final BufferedImage IMAGE =
            new BufferedImage(METATILE.imageWidth(), METATILE.imageHeight(), BufferedImage.TYPE_INT_ARGB);

    private final AtomicIntegerArray encodings = new AtomicIntegerArray(METATILE.tileCount());
    private final AtomicInteger disposals = new AtomicInteger();
    /** Set when an encoder finds the image already disposed: it read a freed image. */
    private volatile boolean readAfterDisposal;

    final InFlightMetatile flight;

    /** @param requested the tile claimed from the start for the rendering request thread */
    StressFlight(int requested) {
        flight = new InFlightMetatile(
                METATILE,
                requested,
                CachePolicy.PERSIST,
                this::encode,
                MetatileImage.of(IMAGE, disposals::incrementAndGet),
                new FanoutMetrics(() -> 0, () -> 0, () -> 0, () -> 0));
    }

    private byte[] encode(RenderedImage image, Rectangle bounds) {
        int tile = indexOf(bounds);
        int encoding = encodings.incrementAndGet(tile);
        if (disposals.get() != 0) {
            // this tile is not DONE until its encoder returns, so the image must still be alive here
            readAfterDisposal = true;
        }
        return new byte[] {(byte) tile, (byte) encoding};
    }

    private static int indexOf(Rectangle bounds) {
        for (int i = 0; i < METATILE.tileCount(); i++) {
            if (METATILE.tileBounds(i).equals(bounds)) {
                return i;
            }
        }
        throw new IllegalArgumentException("Not a tile of " + METATILE + ": " + bounds);
    }

    /** The rendering request thread's tile, encoded; this encoder never fails. */
    byte[] encodeRequested() {
        try {
            return flight.encodeRequested();
        } catch (TileException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many times tile {@code i} has been encoded. */
    int encodings(int i) {
        return encodings.get(i);
    }

    /**
     * The image's fate: how many times it was disposed (1 is right), or -1 if an encoding read it after it
     * was disposed.
     */
    int image() {
        return readAfterDisposal ? -1 : disposals.get();
    }

    /** Whether {@code data} holds tile {@code i}'s bytes, from whichever encoding of it. */
    static boolean isTile(byte[] data, int i) {
        return data != null && data.length == 2 && data[0] == i;
    }

    /** Whether {@code data} holds the bytes of the first encoding of tile {@code i}. */
    static boolean isFirstEncoding(byte[] data, int i) {
        return isTile(data, i) && data[1] == 1;
    }
}
