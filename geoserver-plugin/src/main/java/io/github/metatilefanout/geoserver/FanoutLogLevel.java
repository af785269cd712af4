package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.gwc.LogBridge;
import org.geoserver.config.ConfigurationListenerAdapter;
import org.geoserver.config.GeoServer;
import org.geoserver.config.LoggingInfo;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Brings the level of the plugin's loggers in step with GeoServer's once an admin changes the logging profile
 * (<i>Settings → Global → Logging Settings</i>), without a restart ({@link LogBridge#followHostLevel}).
 */
final class FanoutLogLevel extends ConfigurationListenerAdapter implements InitializingBean, DisposableBean {

    private final GeoServer geoServer;

    FanoutLogLevel(GeoServer geoServer) {
        this.geoServer = geoServer;
    }

    @Override
    public void afterPropertiesSet() {
        geoServer.addListener(this);
    }

    /** After GeoServer applied the new logging profile in {@code handleLoggingChange}. */
    @Override
    public void handlePostLoggingChange(LoggingInfo logging) {
        LogBridge.followHostLevel();
    }

    @Override
    public void destroy() {
        geoServer.removeListener(this);
    }
}
