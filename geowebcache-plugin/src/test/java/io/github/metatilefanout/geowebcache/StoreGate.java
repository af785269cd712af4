package io.github.metatilefanout.geowebcache;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.geowebcache.storage.BlobStoreListener;

/**
 * Listens to GeoWebCache's blob store: counts the tiles stored, and holds each thread that has just stored one
 * until {@link #open} (at most 30 s), so that the tiles after it stay unstored meanwhile.
 */
final class StoreGate implements BlobStoreListener {

    private final AtomicInteger stored = new AtomicInteger();
    private final CountDownLatch open = new CountDownLatch(1);

    void open() {
        open.countDown();
    }

    /** Tiles stored so far. */
    int stored() {
        return stored.get();
    }

    @Override
    public void tileStored(String layer, String grid, String format, String params, long x, long y, int z, long size) {
        stored.incrementAndGet();
        try {
            open.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void tileDeleted(
            String layer, String grid, String format, String params, long x, long y, int z, long size) {}

    @Override
    public void tileUpdated(
            String layer, String grid, String format, String params, long x, long y, int z, long size, long old) {}

    @Override
    public void layerDeleted(String layerName) {}

    @Override
    public void layerRenamed(String oldLayerName, String newLayerName) {}

    @Override
    public void gridSubsetDeleted(String layerName, String gridSetId) {}

    @Override
    public void parametersDeleted(String layerName, String parametersId) {}
}
