package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutMetricsMXBean;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import org.apache.wicket.Application;
import org.apache.wicket.RuntimeConfigurationType;
import org.apache.wicket.protocol.http.WebApplication;

/** Serves {@link PanelTestPage}; holds what a host would: the configuration and the engine's metrics. */
final class PanelTestApplication extends WebApplication {

    private final FanoutConfiguration configuration;
    private volatile FanoutMetricsMXBean metrics;

    PanelTestApplication(FanoutConfiguration configuration, FanoutMetricsMXBean metrics) {
        this.configuration = configuration;
        this.metrics = metrics;
    }

    public static PanelTestApplication get() {
        return (PanelTestApplication) Application.get();
    }

    FanoutConfiguration configuration() {
        return configuration;
    }

    FanoutMetricsMXBean metrics() {
        return metrics;
    }

    void setMetrics(FanoutMetricsMXBean metrics) {
        this.metrics = metrics;
    }

    @Override
    protected void init() {
        super.init();
        // Keep the wicket:id attributes, so that tests find tags by them.
        getMarkupSettings().setStripWicketTags(false);
    }

    @Override
    public Class<PanelTestPage> getHomePage() {
        return PanelTestPage.class;
    }

    @Override
    public RuntimeConfigurationType getConfigurationType() {
        return RuntimeConfigurationType.DEPLOYMENT;
    }
}
