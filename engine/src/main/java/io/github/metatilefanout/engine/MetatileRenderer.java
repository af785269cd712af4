package io.github.metatilefanout.engine;

/**
 * Renders a whole metatile, in GeoServer a GetMap of the metatile's extent and size.
 *
 * <p>Always called on the thread that requested the tile, so renderers may rely on thread-bound state
 * (security context, the current OWS request).
 */
@FunctionalInterface
public interface MetatileRenderer {

    /** Renders {@code metatile} into an image of {@code metatile.imageWidth() x metatile.imageHeight()}. */
    MetatileImage render(Metatile metatile) throws Exception;
}
