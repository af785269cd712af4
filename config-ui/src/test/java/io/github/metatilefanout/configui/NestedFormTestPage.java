package io.github.metatilefanout.configui;

import org.apache.wicket.markup.html.WebPage;
import org.apache.wicket.markup.html.form.Form;

/** The settings panel inside a host page's own form, as on GeoServer's Caching Defaults page. */
public final class NestedFormTestPage extends WebPage {

    private int hostSubmits;

    public NestedFormTestPage() {
        this(true);
    }

    /** @param editsPoolSize false when the host page has its own pool size field */
    NestedFormTestPage(boolean editsPoolSize) {
        Form<Void> host = new Form<>("host") {
            @Override
            protected void onSubmit() {
                hostSubmits++;
            }
        };
        add(host);
        host.add(new FanoutSettingsPanel(
                "fanout",
                () -> PanelTestApplication.get().configuration(),
                () -> PanelTestApplication.get().metrics(),
                editsPoolSize));
    }

    int hostSubmits() {
        return hostSubmits;
    }
}
