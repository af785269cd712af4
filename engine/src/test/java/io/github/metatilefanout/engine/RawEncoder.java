package io.github.metatilefanout.engine;

import java.awt.Rectangle;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

/**
 * A tile encoder for tests: width, height and the ARGB pixels, decodable by {@link #decode}. It can take a
 * fixed time per tile, fail for chosen tiles, make pool threads wait for a gate, and it counts encodes and
 * the most pool threads seen encoding at once.
 */
final class RawEncoder implements TileEncoder {

    static final String POOL_THREAD_PREFIX = "metatile-fanout-";

    private final AtomicInteger started = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger poolEncoding = new AtomicInteger();
    private final AtomicInteger peakPoolEncoding = new AtomicInteger();
    private final Set<String> poolThreads = ConcurrentHashMap.newKeySet();
    private volatile long workNanos;
    private volatile Predicate<Rectangle> failFor = bounds -> false;
    private volatile Error errorToThrow;
    private volatile CountDownLatch poolGate;

    /** Makes each encode take {@code work}, as real encoding would. */
    RawEncoder taking(Duration work) {
        this.workNanos = work.toNanos();
        return this;
    }

    /** Makes the encoding of tiles whose bounds match {@code predicate} throw. */
    RawEncoder failingFor(Predicate<Rectangle> predicate) {
        this.failFor = predicate;
        return this;
    }

    /** Makes the encoding of tiles whose bounds match {@code predicate} throw {@code error}. */
    RawEncoder throwingFor(Predicate<Rectangle> predicate, Error error) {
        this.failFor = predicate;
        this.errorToThrow = error;
        return this;
    }

    /** Makes encodes on pool threads wait for {@code gate} (at most ten seconds) first. */
    RawEncoder poolThreadsGatedBy(CountDownLatch gate) {
        this.poolGate = gate;
        return this;
    }

    @Override
    public byte[] encode(RenderedImage image, Rectangle bounds) throws IOException {
        boolean onPool = Thread.currentThread().getName().startsWith(POOL_THREAD_PREFIX);
        if (onPool) {
            poolThreads.add(Thread.currentThread().getName());
            peakPoolEncoding.accumulateAndGet(poolEncoding.incrementAndGet(), Math::max);
        }
        started.incrementAndGet();
        try {
            CountDownLatch gate = poolGate;
            if (onPool && gate != null) {
                awaitGate(gate);
            }
            if (workNanos > 0) {
                LockSupport.parkNanos(workNanos);
            }
            if (failFor.test(bounds)) {
                if (errorToThrow != null) {
                    throw errorToThrow;
                }
                throw new IOException("injected encoding failure at " + bounds);
            }
            Raster raster = image.getData(bounds);
            ByteBuffer out = ByteBuffer.allocate(8 + 4 * bounds.width * bounds.height);
            out.putInt(bounds.width).putInt(bounds.height);
            int[] pixel = new int[4];
            for (int y = bounds.y; y < bounds.y + bounds.height; y++) {
                for (int x = bounds.x; x < bounds.x + bounds.width; x++) {
                    raster.getPixel(x, y, pixel);
                    out.putInt(pixel[3] << 24 | pixel[0] << 16 | pixel[1] << 8 | pixel[2]);
                }
            }
            completed.incrementAndGet();
            return out.array();
        } finally {
            if (onPool) {
                poolEncoding.decrementAndGet();
            }
        }
    }

    private static void awaitGate(CountDownLatch gate) throws IOException {
        try {
            if (!gate.await(10, TimeUnit.SECONDS)) {
                throw new IOException("test gate not opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted at the test gate", e);
        }
    }

    /** The pixels of an encoded tile, row by row. */
    static int[] decode(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data);
        int[] pixels = new int[in.getInt() * in.getInt()];
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] = in.getInt();
        }
        return pixels;
    }

    /** Whether {@code data} decodes to a tile of one colour, {@code argb}. */
    static boolean isPlainTile(byte[] data, int argb) {
        for (int pixel : decode(data)) {
            if (pixel != argb) {
                return false;
            }
        }
        return true;
    }

    int started() {
        return started.get();
    }

    int completed() {
        return completed.get();
    }

    int peakPoolThreadsEncoding() {
        return peakPoolEncoding.get();
    }

    int distinctPoolThreads() {
        return poolThreads.size();
    }
}
