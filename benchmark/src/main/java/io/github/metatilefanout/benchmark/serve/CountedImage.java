package io.github.metatilefanout.benchmark.serve;

import java.awt.image.BufferedImage;
import java.util.concurrent.atomic.AtomicBoolean;

/** A rendered metatile image, counted by an {@link ImageCensus} until it is disposed. */
final class CountedImage {

    private final BufferedImage image;
    private final ImageCensus census;
    private final AtomicBoolean disposed = new AtomicBoolean();

    CountedImage(BufferedImage image, ImageCensus census) {
        this.image = image;
        this.census = census;
        census.rendered();
    }

    BufferedImage image() {
        return image;
    }

    /** Frees the image; later calls do nothing. */
    void dispose() {
        if (disposed.compareAndSet(false, true)) {
            census.disposed();
        }
    }
}
