package io.github.metatilefanout.geoserver;

import java.util.concurrent.atomic.AtomicReference;
import org.geoserver.wms.GetMapCallbackAdapter;
import org.geoserver.wms.GetMapRequest;

/**
 * Runs an action once, at the start of the next GetMap: for a tile miss, after the tile's cache look-ups and before
 * its metatile is rendered, encoded and stored.
 */
public class GetMapHook extends GetMapCallbackAdapter {

    private final AtomicReference<Runnable> next = new AtomicReference<>();

    /** {@code action} at the start of the next GetMap, on its thread, instead of any action set before. */
    void once(Runnable action) {
        next.set(action);
    }

    /** No action at the next GetMap. */
    void clear() {
        next.set(null);
    }

    @Override
    public GetMapRequest initRequest(GetMapRequest request) {
        Runnable action = next.getAndSet(null);
        if (action != null) {
            action.run();
        }
        return request;
    }
}
