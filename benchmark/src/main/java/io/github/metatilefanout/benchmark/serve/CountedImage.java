package io.github.metatilefanout.benchmark.serve;

import java.awt.image.BufferedImage;
import java.util.concurrent.atomic.AtomicBoolean;

/** A rendered metatile image, counted by a {@link Meter} until it is disposed. */
final class CountedImage {

    private final BufferedImage image;
    private final Meter meter;
    private final AtomicBoolean disposed = new AtomicBoolean();

    CountedImage(BufferedImage image, Meter meter) {
        this.image = image;
        this.meter = meter;
    }

    BufferedImage image() {
        return image;
    }

    /** Frees the image; later calls do nothing. */
    void dispose() {
        if (disposed.compareAndSet(false, true)) {
            meter.disposed();
        }
    }
}
