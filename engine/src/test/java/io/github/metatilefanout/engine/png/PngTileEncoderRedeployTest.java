package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.png.TestImages.Kind;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The encoder leaves nothing in the threads that call it: a web application that encoded tiles on a container's
 * threads and is then undeployed can be collected with its class loader, while those threads live on.
 */
class PngTileEncoderRedeployTest {

    @Test
    void aClassLoaderWhoseEncoderRanOnThisThreadIsCollectedOnceDropped() throws Exception {
        WeakReference<ClassLoader> webApplication = encodeOnThisThreadInAClassLoaderOfItsOwn();

        for (int i = 0; i < 50 && webApplication.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }

        assertNull(webApplication.get(), "the class loader is still reachable, from this thread's state");
    }

    @Test
    void writersGoBackToTheEncoderAndNoMoreThanItsIdleBoundWait() throws Exception {
        PngTileEncoder encoder = new PngTileEncoder();
        BufferedImage image = TestImages.create(Kind.ABGR, 256, 256, 3);
        int threads = PngTileEncoder.IDLE_WRITERS + 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<byte[]>> tiles = new ArrayList<>();
            for (int i = 0; i < threads * 4; i++) {
                tiles.add(pool.submit(() -> encoder.encode(image, new Rectangle(0, 0, 256, 256))));
            }
            for (Future<byte[]> tile : tiles) {
                tile.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertTrue(idleWriters(encoder) >= 1 && idleWriters(encoder) <= PngTileEncoder.IDLE_WRITERS);
        int idle = idleWriters(encoder);
        encoder.encode(image, new Rectangle(0, 0, 128, 128));
        assertEquals(idle, idleWriters(encoder), "a tile on a quiet encoder reuses an idle writer");
    }

    /** Loads the encoder in a class loader of its own, as a web application's, and encodes a tile on this thread. */
    private static WeakReference<ClassLoader> encodeOnThisThreadInAClassLoaderOfItsOwn() throws Exception {
        URL classes = PngTileEncoder.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class<?> encoderClass = loader.loadClass(PngTileEncoder.class.getName());
            assertTrue(encoderClass != PngTileEncoder.class, "not loaded by its own class loader");
            Object encoder = encoderClass.getConstructor().newInstance();
            BufferedImage image = TestImages.create(Kind.ABGR, 64, 64, 5);
            byte[] png = (byte[]) encoderClass
                    .getMethod("encode", RenderedImage.class, Rectangle.class)
                    .invoke(encoder, image, new Rectangle(0, 0, 64, 64));
            assertTrue(png.length > 0);
            return new WeakReference<>(loader);
        }
    }

    /** How many writers wait for the next tile now: the size of the encoder's private queue. */
    private static int idleWriters(PngTileEncoder encoder) throws ReflectiveOperationException {
        Field idle = PngTileEncoder.class.getDeclaredField("idleWriters");
        idle.setAccessible(true);
        return ((Collection<?>) idle.get(encoder)).size();
    }
}
