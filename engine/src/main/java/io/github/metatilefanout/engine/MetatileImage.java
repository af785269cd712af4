package io.github.metatilefanout.engine;

import java.awt.image.RenderedImage;
import java.util.Objects;
import java.util.Optional;

/**
 * A rendered metatile: its image, what frees the image, and optionally a cache policy decided while
 * rendering (GeoServer, for one, stops caching a tile whose GetMap raised a dimension warning).
 *
 * <p>The engine disposes every metatile image exactly once, after the last of its tiles is encoded, on
 * success and on failure alike.
 */
public final class MetatileImage {

    private final RenderedImage image;
    private final Runnable disposer;
    private final CachePolicy cachePolicy;

    private MetatileImage(RenderedImage image, Runnable disposer, CachePolicy cachePolicy) {
        this.image = Objects.requireNonNull(image, "image");
        this.disposer = Objects.requireNonNull(disposer, "disposer");
        this.cachePolicy = cachePolicy;
    }

    /** An image freed by {@code disposer}, which runs once. */
    public static MetatileImage of(RenderedImage image, Runnable disposer) {
        return new MetatileImage(image, disposer, null);
    }

    /** An image with nothing to free but its memory. */
    public static MetatileImage of(RenderedImage image) {
        return of(image, () -> {});
    }

    /** The same image, with a cache policy that overrides the request's. */
    public MetatileImage withCachePolicy(CachePolicy policy) {
        return new MetatileImage(image, disposer, Objects.requireNonNull(policy, "policy"));
    }

    public RenderedImage image() {
        return image;
    }

    /** The policy decided while rendering, if any. */
    public Optional<CachePolicy> cachePolicy() {
        return Optional.ofNullable(cachePolicy);
    }

    void dispose() {
        disposer.run();
    }
}
