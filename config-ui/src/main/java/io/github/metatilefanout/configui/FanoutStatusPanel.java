package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.FanoutMetricsMXBean;
import java.time.Duration;
import java.util.Map;
import org.apache.wicket.ajax.AjaxSelfUpdatingTimerBehavior;
import org.apache.wicket.markup.html.WebMarkupContainer;
import org.apache.wicket.markup.html.basic.Label;
import org.apache.wicket.markup.html.panel.Panel;
import org.apache.wicket.model.IModel;
import org.apache.wicket.model.Model;
import org.apache.wicket.model.StringResourceModel;

/**
 * The fan-out pool's live status from the engine's metrics: threads busy of the pool size, queue depth, where
 * tiles were encoded, failures. Refreshes itself every {@link #REFRESH} by Ajax.
 */
public class FanoutStatusPanel extends Panel {

    /** How often the status refreshes itself. */
    public static final Duration REFRESH = Duration.ofSeconds(5);

    /** @param metrics the running engine's metrics; null while no engine runs */
    public FanoutStatusPanel(String id, IModel<? extends FanoutMetricsMXBean> metrics) {
        super(id, metrics);
        setOutputMarkupId(true);
        add(new AjaxSelfUpdatingTimerBehavior(REFRESH));
        add(new Label(
                "refresh",
                new StringResourceModel("fanout.status.refresh", this)
                        .setModel(Model.ofMap(Map.of("seconds", REFRESH.toSeconds())))));

        WebMarkupContainer running = new WebMarkupContainer("running") {
            @Override
            protected void onConfigure() {
                super.onConfigure();
                setVisible(metrics.getObject() != null);
            }
        };
        add(running);
        running.add(new Label("pool", metrics.map(this::pool)));
        running.add(new Label("queueDepth", metrics.map(FanoutMetricsMXBean::getQueueDepth)));
        running.add(
                new Label("encodedOnRequestThread", metrics.map(FanoutMetricsMXBean::getTilesEncodedOnRequestThread)));
        running.add(new Label("encodedOnPool", metrics.map(FanoutMetricsMXBean::getTilesEncodedOnPool)));
        running.add(new Label("encodedOnCaller", metrics.map(FanoutMetricsMXBean::getTilesEncodedOnCaller)));
        running.add(new Label("jobsRunOnCallerPoolFull", metrics.map(FanoutMetricsMXBean::getJobsRunOnCallerPoolFull)));
        running.add(new Label("failures", metrics.map(FanoutMetricsMXBean::getFailures)));

        add(new WebMarkupContainer("notRunning") {
            @Override
            protected void onConfigure() {
                super.onConfigure();
                setVisible(metrics.getObject() == null);
            }
        });
    }

    private String pool(FanoutMetricsMXBean engine) {
        if (engine.getPoolSize() == 0) {
            return getString("fanout.status.poolOff");
        }
        return getString(
                "fanout.status.poolBusy",
                Model.ofMap(Map.of("active", engine.getActiveThreads(), "size", engine.getPoolSize())));
    }
}
