package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.configui.PoolSizeStore;
import java.io.IOException;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.config.GWCConfig;

/** The pool size kept where GeoServer keeps it: GeoWebCache's "meta tiling threads" setting. */
final class GwcPoolSizeStore implements PoolSizeStore {

    private final GWC gwc;

    GwcPoolSizeStore(GWC gwc) {
        this.gwc = gwc;
    }

    @Override
    public Integer load() {
        return gwc.getConfig().getMetaTilingThreads();
    }

    @Override
    public void save(Integer poolSize) throws IOException {
        GWCConfig config = gwc.getConfig().clone();
        config.setMetaTilingThreads(poolSize);
        gwc.saveConfig(config);
    }

    @Override
    public String toString() {
        return "GeoWebCache's meta tiling threads";
    }
}
