package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.store.MemoryTileStore;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/** A memory tile store that counts puts per tile, and can fail or hold back chosen puts. */
final class CountingStore implements TileStore {

    private final MemoryTileStore delegate = new MemoryTileStore();
    private final Map<TileKey, AtomicInteger> puts = new ConcurrentHashMap<>();
    private final Map<TileKey, AtomicInteger> transientPuts = new ConcurrentHashMap<>();
    private volatile Predicate<TileKey> failFor = tile -> false;
    private volatile CountDownLatch putGate;

    CountingStore failingFor(Predicate<TileKey> predicate) {
        this.failFor = predicate;
        return this;
    }

    /** Makes every put wait for {@code gate} (at most ten seconds) first. */
    CountingStore putsGatedBy(CountDownLatch gate) {
        this.putGate = gate;
        return this;
    }

    @Override
    public byte[] get(TileKey tile) {
        return delegate.get(tile);
    }

    @Override
    public void put(TileKey tile, byte[] data) throws IOException {
        CountDownLatch gate = putGate;
        try {
            if (gate != null && !gate.await(10, TimeUnit.SECONDS)) {
                throw new IOException("test gate not opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted at the test gate", e);
        }
        if (failFor.test(tile)) {
            throw new IOException("injected store failure for " + tile);
        }
        puts.computeIfAbsent(tile, t -> new AtomicInteger()).incrementAndGet();
        delegate.put(tile, data);
    }

    @Override
    public byte[] getTransient(TileKey tile) {
        return delegate.getTransient(tile);
    }

    @Override
    public void putTransient(TileKey tile, byte[] data) {
        transientPuts.computeIfAbsent(tile, t -> new AtomicInteger()).incrementAndGet();
        delegate.putTransient(tile, data);
    }

    int puts(TileKey tile) {
        AtomicInteger count = puts.get(tile);
        return count == null ? 0 : count.get();
    }

    int totalPuts() {
        return puts.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    Map<TileKey, AtomicInteger> putsByTile() {
        return puts;
    }

    int totalTransientPuts() {
        return transientPuts.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
