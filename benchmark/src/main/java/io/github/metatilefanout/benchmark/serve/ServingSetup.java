package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.WebMercator;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileGeometry;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.settings.Setting;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * What every strategy shares in one comparison: the metatile geometry, the renderer, the tile encoder,
 * the tile store, the lock provider and the pool size; and what watches them all alike: the census of
 * metatile images and the meter of render and encode times.
 *
 * @param geometry how the grid is cut into metatiles
 * @param renderer draws metatiles
 * @param encoder encodes tiles
 * @param store where tiles are kept
 * @param lockProvider metatile and tile locks
 * @param poolSize threads of the strategies that have a pool; 0 for none
 * @param census counts the metatile images alive
 * @param meter times every render and encode
 */
public record ServingSetup(
        MetatileGeometry geometry,
        MapRenderer renderer,
        TileEncoder encoder,
        TileStore store,
        LockProvider lockProvider,
        int poolSize,
        ImageCensus census,
        CostMeter meter) {

    /** How long any lock is waited for: GeoWebCache's default. */
    public static final Duration LOCK_TIMEOUT = FanoutSettings.DEFAULT_LOCK_TIMEOUT;

    public ServingSetup {
        Objects.requireNonNull(geometry, "geometry");
        Objects.requireNonNull(renderer, "renderer");
        Objects.requireNonNull(encoder, "encoder");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(lockProvider, "lockProvider");
        Objects.requireNonNull(census, "census");
        Objects.requireNonNull(meter, "meter");
        Setting.POOL_SIZE.check(poolSize);
    }

    /** The metatile that holds {@code tile}, over the whole world at its zoom level. */
    public Metatile metatileOf(TileKey tile) {
        return geometry.metatileOf(tile, WebMercator.coverage(tile.z()));
    }

    /** Renders {@code metatile}, timed and counted until disposed. */
    CountedImage draw(Metatile metatile) {
        long start = System.nanoTime();
        BufferedImage image = renderer.draw(metatile);
        meter.rendered(System.nanoTime() - start);
        return new CountedImage(image, census);
    }

    /** Encodes one tile of {@code image}, timed. */
    byte[] encode(RenderedImage image, Rectangle tileBounds) throws IOException {
        long start = System.nanoTime();
        byte[] data = encoder.encode(image, tileBounds);
        meter.encoded(System.nanoTime() - start);
        return data;
    }

    /** The renderer as the engine sees it: timed, and every image counted until the engine disposes it. */
    MetatileRenderer countedRenderer() {
        return metatile -> {
            CountedImage image = draw(metatile);
            return MetatileImage.of(image.image(), image::dispose);
        };
    }

    /** The encoder as the engine sees it: timed. */
    TileEncoder timedEncoder() {
        return this::encode;
    }
}
