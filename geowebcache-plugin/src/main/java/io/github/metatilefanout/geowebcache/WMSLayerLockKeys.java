package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.time.Duration;

/**
 * Gives the engine's metatile locks the keys GeoWebCache's WMS layer takes for its metatiles, {@code
 * meta_<layer>_<gridset>_<x>_<y>_<z>[_<parameters id>].<extension>}, so that the engine and WMS layers running
 * GeoWebCache's own code (reseeding, or another node without the plugin sharing the lock provider) never render
 * one metatile at the same time. The engine's other keys pass through unchanged.
 */
final class WMSLayerLockKeys implements LockProvider {

    /** How the engine's metatile keys begin ({@link Metatile#lockKey()}). */
    static final String ENGINE_METATILE_PREFIX = "gwc_metatile_";

    /** How GeoWebCache's WMS layer begins its metatile keys. */
    static final String WMS_LAYER_METATILE_PREFIX = "meta_";

    private final LockProvider locks;

    WMSLayerLockKeys(LockProvider locks) {
        this.locks = locks;
    }

    @Override
    public Lock acquire(String key, Duration timeout) throws LockTimeoutException, InterruptedException {
        return locks.acquire(wmsLayerKey(key), timeout);
    }

    static String wmsLayerKey(String key) {
        return key.startsWith(ENGINE_METATILE_PREFIX)
                ? WMS_LAYER_METATILE_PREFIX + key.substring(ENGINE_METATILE_PREFIX.length())
                : key;
    }
}
