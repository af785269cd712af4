package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.gwc.StartupProperties;
import org.geoserver.platform.GeoServerExtensions;

/**
 * Whether GeoServer's tile layers go through the engine: on, unless {@value StartupProperties#ENABLED} is {@code
 * false} (a system property, servlet context parameter or environment variable), and then GeoServer's own tile layers
 * are handed out and render every metatile. It is read where the answer is needed (at start-up, as each tile layer is
 * handed out and served), never kept, so the switch holds no state of its own.
 */
public final class FanoutSwitch {

    /**
     * @throws IllegalArgumentException if the switch is neither {@code true} nor {@code false}, which stops start-up
     */
    public boolean isEnabled() {
        return StartupProperties.enabled(GeoServerExtensions.getProperty(StartupProperties.ENABLED));
    }
}
