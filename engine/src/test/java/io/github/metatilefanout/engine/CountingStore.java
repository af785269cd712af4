package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.store.MemoryTileStore;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/** A tile store (in memory unless told) that counts puts per tile, and can fail or hold back chosen puts. */
class CountingStore implements TileStore {

    private final TileStore delegate;
    private final Map<TileKey, AtomicInteger> puts = new ConcurrentHashMap<>();
    private final Map<TileKey, AtomicInteger> transientPuts = new ConcurrentHashMap<>();
    private final Map<TileKey, AtomicInteger> lookups = new ConcurrentHashMap<>();
    private final Set<String> storingThreads = ConcurrentHashMap.newKeySet();
    private volatile Predicate<TileKey> failFor = tile -> false;
    private volatile Predicate<TileKey> lookupsFailFor = tile -> false;
    private volatile Predicate<TileKey> gated = tile -> true;
    private volatile CountDownLatch putGate;
    private volatile Error errorToThrow;

    CountingStore() {
        this(new MemoryTileStore());
    }

    CountingStore(TileStore delegate) {
        this.delegate = delegate;
    }

    CountingStore failingFor(Predicate<TileKey> predicate) {
        this.failFor = predicate;
        return this;
    }

    /** Makes every put wait for {@code gate} (at most ten seconds) first. */
    CountingStore putsGatedBy(CountDownLatch gate) {
        this.putGate = gate;
        return this;
    }

    /** Makes the puts of the tiles {@code which} accepts wait for {@code gate} (at most ten seconds) first. */
    CountingStore putsGatedBy(CountDownLatch gate, Predicate<TileKey> which) {
        this.gated = which;
        this.putGate = gate;
        return this;
    }

    /** Makes the puts of the tiles {@code predicate} accepts throw {@code error}. */
    CountingStore throwingFor(Predicate<TileKey> predicate, Error error) {
        this.failFor = predicate;
        this.errorToThrow = error;
        return this;
    }

    /** Makes the lookups of tiles {@code predicate} accepts throw. */
    CountingStore lookupsFailingFor(Predicate<TileKey> predicate) {
        this.lookupsFailFor = predicate;
        return this;
    }

    @Override
    public StoredTile get(TileKey tile) throws IOException {
        lookups.computeIfAbsent(tile, t -> new AtomicInteger()).incrementAndGet();
        if (lookupsFailFor.test(tile)) {
            throw new IOException("injected lookup failure for " + tile);
        }
        return delegate.get(tile);
    }

    @Override
    public void put(TileKey tile, byte[] data) throws IOException {
        CountDownLatch gate = putGate;
        try {
            if (gate != null && gated.test(tile) && !gate.await(10, TimeUnit.SECONDS)) {
                throw new IOException("test gate not opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted at the test gate", e);
        }
        if (failFor.test(tile)) {
            if (errorToThrow != null) {
                throw errorToThrow;
            }
            throw new IOException("injected store failure for " + tile);
        }
        storingThreads.add(Thread.currentThread().getName());
        puts.computeIfAbsent(tile, t -> new AtomicInteger()).incrementAndGet();
        delegate.put(tile, data);
    }

    @Override
    public StoredTile getTransient(TileKey tile) {
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

    /** Lookups of {@code tile} in the store, transient lookups not included. */
    int lookups(TileKey tile) {
        AtomicInteger count = lookups.get(tile);
        return count == null ? 0 : count.get();
    }

    int totalPuts() {
        return puts.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    Map<TileKey, AtomicInteger> putsByTile() {
        return puts;
    }

    /** The names of the threads that stored tiles. */
    Set<String> storingThreads() {
        return storingThreads;
    }

    int totalTransientPuts() {
        return transientPuts.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
