package io.github.metatilefanout.configui;

import org.apache.wicket.markup.html.WebPage;

/** A page with nothing but the settings panel, wired the way a host wires it: models that look things up. */
public final class PanelTestPage extends WebPage {

    public PanelTestPage() {
        add(new FanoutSettingsPanel(
                "fanout", () -> PanelTestApplication.get().configuration(), () -> PanelTestApplication.get()
                        .metrics()));
    }
}
