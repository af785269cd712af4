package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.configui.FanoutSettingsPanel;
import io.github.metatilefanout.engine.FanoutMetricsMXBean;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;
import org.apache.wicket.MarkupContainer;
import org.apache.wicket.markup.ContainerInfo;
import org.apache.wicket.markup.DefaultMarkupCacheKeyProvider;
import org.apache.wicket.markup.DefaultMarkupResourceStreamProvider;
import org.apache.wicket.markup.IMarkupCacheKeyProvider;
import org.apache.wicket.markup.IMarkupResourceStreamProvider;
import org.apache.wicket.markup.MarkupResourceStream;
import org.apache.wicket.markup.html.form.Form;
import org.apache.wicket.model.IModel;
import org.apache.wicket.util.resource.IResourceStream;
import org.apache.wicket.util.resource.StringResourceStream;
import org.geoserver.gwc.web.GWCSettingsPage;
import org.geoserver.platform.GeoServerExtensions;

/**
 * GeoServer's Caching Defaults page with the metatile-fanout panel after GeoServer's own caching options,
 * inside the page's form, so that Save and Apply keep both. The pool size stays GeoServer's "meta tiling
 * threads" field; the panel shows it and edits the rest.
 *
 * <p>GeoServer's page has no slot for extensions, so the panel's tag is added to the page's markup as
 * loaded from GeoServer's jar; should that markup change shape, the page is shown as GeoServer has it.
 */
public class FanoutCachingDefaultsPage extends GWCSettingsPage
        implements IMarkupResourceStreamProvider, IMarkupCacheKeyProvider {

    static final String PANEL_ID = "metatileFanout";

    private static final Logger LOGGER = GeoServerLogBridge.logger(FanoutCachingDefaultsPage.class);
    private static final String ANCHOR = "<div wicket:id=\"cachingOptionsPanel\"></div>";
    private static final String MARKUP = pageMarkup();

    public FanoutCachingDefaultsPage() {
        if (MARKUP.contains(PANEL_ID)) {
            IModel<FanoutConfiguration> configuration = () -> fanout().configuration();
            IModel<FanoutMetricsMXBean> metrics = () -> fanout().metrics();
            ((Form<?>) get("form")).add(new FanoutSettingsPanel(PANEL_ID, configuration, metrics, false));
        }
    }

    /**
     * For this class, GeoServer's markup of the page with the panel's tag, read as that page's own markup so
     * that it extends GeoServer's base page as GeoServer's does; for the base classes, their usual markup.
     */
    @Override
    public IResourceStream getMarkupResourceStream(MarkupContainer container, Class<?> containerClass) {
        if (containerClass != FanoutCachingDefaultsPage.class) {
            return new DefaultMarkupResourceStreamProvider().getMarkupResourceStream(container, containerClass);
        }
        return new MarkupResourceStream(
                new StringResourceStream(MARKUP, "text/html"), new ContainerInfo(container), GWCSettingsPage.class);
    }

    @Override
    public String getCacheKey(MarkupContainer container, Class<?> containerClass) {
        return new DefaultMarkupCacheKeyProvider().getCacheKey(container, containerClass);
    }

    private static GeoServerFanout fanout() {
        return GeoServerExtensions.bean(GeoServerFanout.class);
    }

    /** GeoServer's markup of the page, with the panel's tag after its caching options when possible. */
    private static String pageMarkup() {
        String stock;
        try (InputStream in = GWCSettingsPage.class.getResourceAsStream("GWCSettingsPage.html")) {
            if (in == null) {
                throw new IllegalStateException("GeoServer's GWCSettingsPage.html is not on the classpath");
            }
            stock = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int anchor = stock.indexOf(ANCHOR);
        if (anchor < 0) {
            LOGGER.warning("metatile-fanout: GeoServer's Caching Defaults page has changed shape; its settings"
                    + " panel is not shown there (the engine still runs with the saved settings)");
            return stock;
        }
        int end = anchor + ANCHOR.length();
        return stock.substring(0, end) + "\n    <div wicket:id=\"" + PANEL_ID + "\"></div>" + stock.substring(end);
    }
}
