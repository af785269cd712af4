package io.github.metatilefanout.engine;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Renders each tile of a metatile as a plain square of its own colour ({@link #colorOf}), the gutter in
 * grey, and counts renders per metatile and disposals per image.
 */
final class ColorRenderer implements MetatileRenderer {

    static final int GUTTER_RGB = 0xFF808080;

    private final Map<Metatile, AtomicInteger> renders = new ConcurrentHashMap<>();
    private final Map<BufferedImage, AtomicInteger> disposals = new ConcurrentHashMap<>();
    private final AtomicInteger alive = new AtomicInteger();
    private final AtomicInteger peakAlive = new AtomicInteger();
    private volatile RuntimeException failure;
    private volatile CountDownLatch gate;
    private final CountDownLatch entered = new CountDownLatch(1);

    /** The ARGB colour of every pixel of {@code tile}. */
    static int colorOf(TileKey tile) {
        int hash = tile.toString().hashCode() * 31 + (int) (tile.x() * 7919 + tile.y() * 104729);
        return 0xFF000000 | (hash & 0xFFFFFF);
    }

    /** Makes every later render throw {@code e}. */
    ColorRenderer failingWith(RuntimeException e) {
        this.failure = e;
        return this;
    }

    /** Makes renders wait for {@code latch} (at most ten seconds) before returning. */
    ColorRenderer gatedBy(CountDownLatch latch) {
        this.gate = latch;
        return this;
    }

    /** Counts down once a render has started. */
    boolean awaitRenderStarted(Duration timeout) throws InterruptedException {
        return entered.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public MetatileImage render(Metatile metatile) throws Exception {
        entered.countDown();
        CountDownLatch latch = gate;
        if (latch != null && !latch.await(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("test gate not opened");
        }
        if (failure != null) {
            throw failure;
        }
        renders.computeIfAbsent(metatile, m -> new AtomicInteger()).incrementAndGet();
        BufferedImage image =
                new BufferedImage(metatile.imageWidth(), metatile.imageHeight(), BufferedImage.TYPE_INT_ARGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(new Color(GUTTER_RGB, true));
        graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
        for (int i = 0; i < metatile.tileCount(); i++) {
            Rectangle bounds = metatile.tileBounds(i);
            graphics.setColor(new Color(colorOf(metatile.tile(i)), true));
            graphics.fill(bounds);
        }
        graphics.dispose();
        disposals.put(image, new AtomicInteger());
        peakAlive.accumulateAndGet(alive.incrementAndGet(), Math::max);
        return MetatileImage.of(image, () -> {
            disposals.get(image).incrementAndGet();
            alive.decrementAndGet();
        });
    }

    int renders(Metatile metatile) {
        AtomicInteger count = renders.get(metatile);
        return count == null ? 0 : count.get();
    }

    int totalRenders() {
        return renders.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    Map<Metatile, AtomicInteger> rendersByMetatile() {
        return renders;
    }

    /** Whether every image rendered so far was disposed exactly once. */
    boolean everyImageDisposedOnce() {
        return disposals.values().stream().allMatch(count -> count.get() == 1);
    }

    int imagesAlive() {
        return alive.get();
    }

    int peakImagesAlive() {
        return peakAlive.get();
    }
}
