package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.FanoutMetrics.EncodedOn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A rendered metatile whose tiles are being encoded.
 *
 * <p>Each covered tile goes once from UNCLAIMED to ENCODING (claimed by exactly one thread: the job's
 * owner, a pool helper, or a request thread that wants that tile) and then to DONE, or straight from
 * UNCLAIMED to DONE when abandoned. Everyone else waits for its bytes. The image is disposed exactly once,
 * by the thread that moves the last covered tile to DONE. This state machine is checked by the jcstress
 * tests of the {@code engine-jcstress} module.
 *
 * <p>A tile encoded by a thread other than the job's owner is reported to the owner as a {@link
 * Completion}: only the owner stores tiles, because only it knows which of the job's locks are held.
 */
final class InFlightMetatile {

    private static final Logger LOGGER = Logger.getLogger(InFlightMetatile.class.getName());

    private static final int UNCLAIMED = 0;
    private static final int ENCODING = 1;
    private static final int DONE = 2;

    /** A tile encoded off the owner's thread: what remains to be stored ({@code null}: nothing). */
    record Completion(int index, byte[] toStore) {}

    private final Metatile metatile;
    private final int requested;
    private final CachePolicy cachePolicy;
    private final TileEncoder encoder;
    private final MetatileImage image;
    private final FanoutMetrics metrics;
    private final AtomicIntegerArray states;
    private final List<CompletableFuture<byte[]>> results;
    private final AtomicInteger tilesNotEncoded;
    private final BlockingQueue<Completion> completions = new LinkedBlockingQueue<>();

    /**
     * @param requested the index of the tile the rendering request thread encodes itself, claimed for it
     *     from the start
     */
    InFlightMetatile(
            Metatile metatile,
            int requested,
            CachePolicy cachePolicy,
            TileEncoder encoder,
            MetatileImage image,
            FanoutMetrics metrics) {
        this.metatile = metatile;
        this.requested = requested;
        this.cachePolicy = cachePolicy;
        this.encoder = encoder;
        this.image = image;
        this.metrics = metrics;
        int tiles = metatile.tileCount();
        this.states = new AtomicIntegerArray(tiles);
        this.results = new ArrayList<>(tiles);
        for (int i = 0; i < tiles; i++) {
            results.add(new CompletableFuture<>());
        }
        for (int i = 0; i < tiles; i++) {
            if (!metatile.isCovered(i)) {
                states.set(i, DONE);
                results.get(i).cancel(false);
            }
        }
        this.tilesNotEncoded = new AtomicInteger(metatile.coveredTileCount());
        states.set(requested, ENCODING);
    }

    Metatile metatile() {
        return metatile;
    }

    CachePolicy cachePolicy() {
        return cachePolicy;
    }

    BlockingQueue<Completion> completions() {
        return completions;
    }

    /** Claims the first tile nobody has started, or returns {@code -1}. */
    int claimNext() {
        for (int i = 0; i < states.length(); i++) {
            if (states.compareAndSet(i, UNCLAIMED, ENCODING)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Encodes tile {@code i}, which the calling thread has claimed.
     *
     * @return the bytes, or {@code null} if encoding failed (logged and counted)
     */
    byte[] encodeClaimed(int i, EncodedOn where) {
        CompletableFuture<byte[]> result = results.get(i);
        try {
            byte[] data = Objects.requireNonNull(encoder.encode(image.image(), metatile.tileBounds(i)), "encoded tile");
            result.complete(data);
            metrics.encoded(where);
            return data;
        } catch (Throwable e) {
            metrics.encodeFailed();
            LOGGER.log(
                    e instanceof Error ? Level.SEVERE : Level.WARNING,
                    "Encoding tile " + metatile.tile(i) + " failed",
                    e);
            result.completeExceptionally(e);
            return null;
        } finally {
            if (!result.isDone()) {
                result.completeExceptionally(
                        new IllegalStateException("Encoding of tile " + metatile.tile(i) + " did not complete"));
            }
            states.set(i, DONE);
            tileEncodedOrAbandoned();
        }
    }

    /**
     * The bytes of tile {@code i} for a request thread: encoded here if nobody has started it (and handed
     * to the owner to store), otherwise awaited from whoever has, at most {@code timeout}.
     *
     * @return the bytes, or {@code null} if the tile failed or was not ready in time
     */
    byte[] bytesForRequest(int i, Duration timeout) throws InterruptedException {
        return states.compareAndSet(i, UNCLAIMED, ENCODING) ? encodeForRequest(i) : awaitBytes(i, timeout);
    }

    /**
     * Encodes, on the rendering request thread, the tile claimed for it, and hands it to the owner to store.
     *
     * @return the bytes, or {@code null} if encoding failed with an exception
     * @throws Error if encoding failed with one (after handing the failure to the owner)
     */
    byte[] encodeRequested() {
        return encodeForRequest(requested);
    }

    /** Whether some covered tile has not been claimed yet. */
    boolean hasUnclaimedTiles() {
        for (int i = 0; i < states.length(); i++) {
            if (states.get(i) == UNCLAIMED) {
                return true;
            }
        }
        return false;
    }

    private byte[] encodeForRequest(int i) {
        byte[] data = encodeClaimed(i, EncodedOn.REQUEST_THREAD);
        completions.add(new Completion(i, data));
        if (data == null && results.get(i).handle((bytes, failure) -> failure).join() instanceof Error error) {
            throw error;
        }
        return data;
    }

    private byte[] awaitBytes(int i, Duration timeout) throws InterruptedException {
        try {
            return results.get(i).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | CancellationException | TimeoutException e) {
            return null;
        }
    }

    /**
     * Marks every tile nobody has started as abandoned.
     *
     * @return the indexes of those tiles
     */
    List<Integer> abandonUnclaimed() {
        List<Integer> abandoned = new ArrayList<>();
        for (int i = 0; i < states.length(); i++) {
            if (states.compareAndSet(i, UNCLAIMED, DONE)) {
                results.get(i).cancel(false);
                abandoned.add(i);
                tileEncodedOrAbandoned();
            }
        }
        return abandoned;
    }

    private void tileEncodedOrAbandoned() {
        if (tilesNotEncoded.decrementAndGet() == 0) {
            try {
                image.dispose();
            } catch (Throwable e) {
                LOGGER.log(Level.WARNING, "Disposing the image of metatile " + metatile + " failed", e);
            } finally {
                metrics.imageDisposed();
            }
        }
    }
}
