package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.benchmark.render.MapRenderer;
import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileStore;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.settings.Setting;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/** What every strategy shares in one comparison, and the {@link Meter} that counts its locks, renders and encodes. */
public record ServingSetup(
        MetatileGrid geometry,
        MapRenderer renderer,
        TileEncoder encoder,
        TileStore store,
        LockProvider lockProvider,
        int poolSize,
        Meter meter) {

    public static final Duration LOCK_TIMEOUT = FanoutSettings.DEFAULT_LOCK_TIMEOUT;

    public ServingSetup {
        Setting.POOL_SIZE.check(poolSize);
        lockProvider = meter.metered(lockProvider);
    }

    /** A rendered metatile image, counted by the meter until first disposed. */
    record CountedImage(BufferedImage image, Meter meter, AtomicBoolean disposed) {

        void dispose() {
            if (disposed.compareAndSet(false, true)) {
                meter.disposed();
            }
        }
    }

    public ServingSetup withLockProvider(LockProvider other) {
        return new ServingSetup(geometry, renderer, encoder, store, other, poolSize, meter);
    }

    /** The metatile that holds {@code tile}. */
    public Metatile metatileOf(TileKey tile) {
        return geometry.metatileOf(tile);
    }

    /** Renders {@code metatile}, encodes and stores all its tiles, as a seeding task would. */
    public void seed(Metatile metatile) {
        try {
            renderAndStoreAll(metatile, 0);
        } catch (IOException e) {
            throw new UncheckedIOException("Seeding " + metatile + " failed", e);
        }
    }

    /** Renders {@code metatile}, encodes and stores every tile, returns tile {@code requested}. */
    byte[] renderAndStoreAll(Metatile metatile, int requested) throws IOException {
        CountedImage image = draw(metatile);
        try {
            byte[] answer = null;
            for (int i = 0; i < metatile.tileCount(); i++) {
                byte[] data = encode(image.image(), metatile.tileBounds(i));
                store.put(metatile.tile(i), data);
                answer = i == requested ? data : answer;
            }
            return answer;
        } finally {
            image.dispose();
        }
    }

    /** Renders {@code metatile}, timed and counted until disposed. */
    CountedImage draw(Metatile metatile) {
        long start = System.nanoTime();
        BufferedImage image = renderer.draw(metatile);
        meter.rendered(System.nanoTime() - start);
        return new CountedImage(image, meter, new AtomicBoolean());
    }

    /** Encodes one tile of {@code image}, timed. */
    byte[] encode(RenderedImage image, Rectangle tileBounds) throws IOException {
        long start = System.nanoTime();
        byte[] data = encoder.encode(image, tileBounds);
        meter.encoded(System.nanoTime() - start);
        return data;
    }
}
