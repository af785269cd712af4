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
 * <p><b>Tiles.</b> Each covered tile goes once from UNCLAIMED to ENCODING (claimed by exactly one thread:
 * the job's owner, a pool helper, or a request thread that wants that tile) and then to DONE, or straight
 * from UNCLAIMED to DONE when abandoned. Everyone else waits for its bytes. A tile encoded by a thread other
 * than the job's owner is reported to the owner as a {@link Completion}: only the owner stores tiles,
 * because only it knows which of the job's locks are held.
 *
 * <p><b>The image.</b> It is disposed exactly once, when its last user lets it go: the tiles (until every
 * covered tile is DONE), the job (until it has finished, see {@link #retain}) and any request reading from
 * it. So a request that finds the metatile in flight can always encode from the image, again if need be:
 * for a tile that failed, was abandoned, or is stuck in another thread's encoder. These state machines are
 * checked by the jcstress tests of the {@code engine-jcstress} module.
 */
final class InFlightMetatile {

    private static final Logger LOGGER = Logger.getLogger(InFlightMetatile.class.getName());

    private static final int UNCLAIMED = 0;
    private static final int ENCODING = 1;
    private static final int DONE = 2;

    /**
     * What the job's owner learns of tile {@code index}: encoded elsewhere, with {@code toStore} its bytes; or, with
     * {@code toStore} {@code null}, finished: its encoding failed, or its write returned (its lock may go).
     */
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
    /** Users of the image: the tiles not yet DONE count as one. The image is disposed when this reaches 0. */
    private final AtomicInteger imageUsers = new AtomicInteger(1);
    /** Set by {@link #stopClaims}: a request no longer claims a tile, it encodes its own copy. */
    private volatile boolean claimsStopped;
    /** Tiles that failed to encode off a request thread, and the first failure: the owner logs them in one line. */
    private final AtomicInteger tilesFailed = new AtomicInteger();

    private volatile Throwable firstFailure;

    private volatile TileKey firstFailedTile;

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
        if (!metatile.isCovered(requested)) {
            throw new IllegalArgumentException(
                    "Tile " + metatile.tile(requested) + " is outside the coverage of metatile " + metatile);
        }
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

    /**
     * Keeps the image alive until {@link #release}, unless it is disposed already.
     *
     * @return whether the image is kept
     */
    boolean retain() {
        for (int users = imageUsers.get(); users > 0; users = imageUsers.get()) {
            if (imageUsers.compareAndSet(users, users + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Lets the image go: the last user disposes it. */
    void release() {
        if (imageUsers.decrementAndGet() == 0) {
            dispose();
        }
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
     * @throws VirtualMachineError other than {@link OutOfMemoryError}, after counting it and completing
     *     the tile
     */
    byte[] encodeClaimed(int i, EncodedOn where) {
        CompletableFuture<byte[]> result = results.get(i);
        try {
            byte[] data = encode(i, where);
            result.complete(data);
            return data;
        } catch (Throwable e) {
            result.completeExceptionally(e);
            FatalErrors.rethrowIfFatal(e); // counted and logged by encode
            return null;
        } finally {
            states.set(i, DONE);
            if (tilesNotEncoded.decrementAndGet() == 0) {
                release();
            }
        }
    }

    /**
     * The bytes of tile {@code i} for a request thread: encoded here if nobody has started it (and handed to
     * the owner to store); otherwise those of whoever encodes it, awaited at most {@code timeout}; encoded
     * here again, not to be stored, if that encoding failed, was abandoned or is not done in time.
     *
     * @return the bytes, or {@code null} if the image is disposed: the job has finished, and the metatile is
     *     no longer in flight
     * @throws TileException if encoding the tile here failed
     */
    byte[] bytesForRequest(int i, Duration timeout) throws TileException, InterruptedException {
        if (!retain()) {
            return null;
        }
        try {
            if (claimsStopped) {
                if (states.get(i) == UNCLAIMED) {
                    return encodeAgain(i); // nobody will encode it for the job any more
                }
            } else if (states.compareAndSet(i, UNCLAIMED, ENCODING)) {
                return encodeForRequest(i);
            }
            byte[] data = awaitBytes(i, timeout);
            return data != null ? data : encodeAgain(i);
        } finally {
            release();
        }
    }

    /**
     * Encodes, on the rendering request thread, the tile claimed for it, and hands it to the owner to store.
     *
     * @throws TileException if encoding failed with an exception, its cause (after handing the failure to the owner)
     * @throws Error if encoding failed with one (likewise)
     */
    byte[] encodeRequested() throws TileException {
        return encodeForRequest(requested);
    }

    /** From now on requests encode their own copy of a tile nobody has claimed, for themselves only. */
    void stopClaims() {
        claimsStopped = true;
    }

    /** How many tiles failed to encode off a request thread; {@link #firstFailedTile()} is the first of them. */
    int tilesFailed() {
        return tilesFailed.get();
    }

    TileKey firstFailedTile() {
        return firstFailedTile;
    }

    /** What made {@link #firstFailedTile()} fail. */
    Throwable firstFailure() {
        return firstFailure;
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
                if (tilesNotEncoded.decrementAndGet() == 0) {
                    release();
                }
            }
        }
        return abandoned;
    }

    private byte[] encodeForRequest(int i) throws TileException {
        byte[] data = null;
        try {
            data = encodeClaimed(i, EncodedOn.REQUEST_THREAD);
        } finally {
            completions.add(new Completion(i, data));
        }
        if (data == null) {
            Throwable failure = results.get(i).handle((bytes, thrown) -> thrown).join();
            if (failure instanceof Error error) {
                throw error;
            }
            throw new TileException("Encoding tile " + metatile.tile(i) + " failed: " + failure, failure);
        }
        return data;
    }

    /** Encodes tile {@code i} once more, for a request only; the image is retained by the caller. */
    private byte[] encodeAgain(int i) throws TileException {
        try {
            return encode(i, EncodedOn.REQUEST_THREAD);
        } catch (Exception e) {
            throw new TileException("Encoding tile " + metatile.tile(i) + " failed: " + e, e);
        }
    }

    /**
     * Encodes tile {@code i}; a failure is counted and thrown. One that reaches no request (a tile encoded for the
     * job alone) is also recorded for the owner to log.
     */
    private byte[] encode(int i, EncodedOn where) throws Exception {
        try {
            byte[] data = Objects.requireNonNull(encoder.encode(image.image(), metatile.tileBounds(i)), "encoded tile");
            metrics.encoded(where);
            return data;
        } catch (Throwable e) {
            metrics.encodeFailed();
            if (where != EncodedOn.REQUEST_THREAD && tilesFailed.getAndIncrement() == 0) {
                firstFailedTile = metatile.tile(i);
                firstFailure = e;
            }
            throw e;
        }
    }

    private byte[] awaitBytes(int i, Duration timeout) throws InterruptedException {
        try {
            return results.get(i).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | CancellationException | TimeoutException e) {
            return null;
        }
    }

    private void dispose() {
        try {
            image.dispose();
        } catch (Throwable e) {
            metrics.disposeFailed();
            LOGGER.log(
                    e instanceof Error ? Level.SEVERE : Level.WARNING,
                    String.format(LogMessages.DISPOSE_FAILED, metatile),
                    e);
            FatalErrors.rethrowIfFatal(e);
        } finally {
            metrics.imageDisposed();
        }
    }
}
