package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.io.IOException;

/**
 * Classic GeoWebCache: on a miss, under the metatile lock, render the metatile, encode and store every
 * tile, then answer.
 */
final class SequentialServer implements TileServer {

    private final ServingSetup setup;

    SequentialServer(ServingSetup setup) {
        this.setup = setup;
    }

    @Override
    public byte[] getTile(TileKey tile) throws Exception {
        byte[] cached = setup.store().get(tile);
        if (cached != null) {
            return cached;
        }
        Metatile metatile = setup.metatileOf(tile);
        LockProvider.Lock lock = setup.lockProvider().acquire(metatile.lockKey(), ServingSetup.LOCK_TIMEOUT);
        try {
            cached = setup.store().get(tile);
            if (cached != null) {
                return cached;
            }
            return renderAndStoreAll(setup, metatile, metatile.indexOf(tile));
        } finally {
            lock.release();
        }
    }

    /**
     * Renders {@code metatile}, encodes and stores every tile on this thread, disposes the image and
     * returns the tile at {@code requested}.
     */
    static byte[] renderAndStoreAll(ServingSetup setup, Metatile metatile, int requested) throws IOException {
        CountedImage image = setup.draw(metatile);
        try {
            byte[] answer = null;
            for (int i = 0; i < metatile.tileCount(); i++) {
                byte[] data = setup.encode(image.image(), metatile.tileBounds(i));
                setup.store().put(metatile.tile(i), data);
                if (i == requested) {
                    answer = data;
                }
            }
            return answer;
        } finally {
            image.dispose();
        }
    }
}
