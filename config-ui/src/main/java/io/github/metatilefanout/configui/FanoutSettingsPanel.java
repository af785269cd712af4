package io.github.metatilefanout.configui;

import static io.github.metatilefanout.engine.settings.Setting.LOCK_TIMEOUT_SECONDS;
import static io.github.metatilefanout.engine.settings.Setting.POOL_SIZE;
import static io.github.metatilefanout.engine.settings.Setting.QUEUE_BOUND;
import static io.github.metatilefanout.engine.settings.Setting.SINGLE_TILE_WHEN_UNCACHED;
import static io.github.metatilefanout.engine.settings.Setting.STORE_THREADS;

import io.github.metatilefanout.engine.FanoutMetricsMXBean;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.wicket.AttributeModifier;
import org.apache.wicket.feedback.ContainerFeedbackMessageFilter;
import org.apache.wicket.markup.head.CssHeaderItem;
import org.apache.wicket.markup.head.IHeaderResponse;
import org.apache.wicket.markup.html.basic.Label;
import org.apache.wicket.markup.html.form.Button;
import org.apache.wicket.markup.html.form.CheckBox;
import org.apache.wicket.markup.html.form.Form;
import org.apache.wicket.markup.html.panel.FeedbackPanel;
import org.apache.wicket.markup.html.panel.Panel;
import org.apache.wicket.model.IModel;
import org.apache.wicket.model.Model;
import org.apache.wicket.model.StringResourceModel;
import org.apache.wicket.request.resource.CssResourceReference;

/**
 * The admin's panel: the pool size, queue bound, store threads and lock wait timeout, the switch for single tiles on uncached
 * zoom levels, each with its help text, and the pool's live status. Keys, ranges and defaults are the {@link Setting} descriptors'.
 *
 * <p>The panel has its own form. Standing alone it shows a Save button; placed inside another form it has
 * none, and submitting the outer form validates and saves it too. A host that has a field of its own for the
 * pool size (GeoServer's "meta tiling threads") keeps it: the panel then shows the pool size without a field
 * and never writes it. When any value is wrong, nothing is saved and
 * each wrong field gets a message naming the field, the value and the allowed range. A save keeps the settings
 * and applies them to the running engine through {@link FanoutConfiguration}.
 *
 * <p>The configuration and metrics come through models, so that the page stays serializable: for example a
 * lambda that looks them up in the application.
 */
public class FanoutSettingsPanel extends Panel {

    private static final CssResourceReference CSS =
            new CssResourceReference(FanoutSettingsPanel.class, "FanoutSettingsPanel.css");

    /** The settings with a field, in the panel's order. */
    private static final List<Setting<Integer>> FIELDS =
            List.of(POOL_SIZE, QUEUE_BOUND, STORE_THREADS, LOCK_TIMEOUT_SECONDS);

    private final IModel<FanoutConfiguration> configuration;
    private final boolean editsPoolSize;

    /** What the fields show: the values as kept, then as submitted. */
    private SettingValues values;

    /**
     * A panel with a field for each setting.
     *
     * @param configuration where the settings are kept and applied
     * @param metrics the running engine's metrics; null while no engine runs
     */
    public FanoutSettingsPanel(
            String id, IModel<FanoutConfiguration> configuration, IModel<? extends FanoutMetricsMXBean> metrics) {
        this(id, configuration, metrics, true);
    }

    /**
     * @param configuration where the settings are kept and applied
     * @param metrics the running engine's metrics; null while no engine runs
     * @param editsPoolSize false when the host page has its own field for the pool size: the panel then shows
     *     the pool size as kept and saves the other settings only
     */
    public FanoutSettingsPanel(
            String id,
            IModel<FanoutConfiguration> configuration,
            IModel<? extends FanoutMetricsMXBean> metrics,
            boolean editsPoolSize) {
        super(id);
        this.configuration = configuration;
        this.editsPoolSize = editsPoolSize;
        values = configuration.getObject().stored();

        Form<Void> form = new Form<>("form") {
            @Override
            protected void onSubmit() {
                save();
            }
        };
        add(form);
        form.add(new FeedbackPanel("feedback", new ContainerFeedbackMessageFilter(this)));
        FIELDS.forEach(setting -> addField(form, setting));
        addSwitch(form, SINGLE_TILE_WHEN_UNCACHED);
        form.get(POOL_SIZE.key()).setVisible(editsPoolSize);
        form.add(new Button("save") {
            @Override
            protected void onConfigure() {
                super.onConfigure();
                setVisible(getForm().isRootForm());
            }
        });
        add(new FanoutStatusPanel("status", metrics));
    }

    /** The field of {@code setting}, its default as a hint, and its help text. */
    private void addField(Form<Void> form, Setting<Integer> setting) {
        IModel<Integer> value = new IModel<>() {
            @Override
            public Integer getObject() {
                return values.get(setting);
            }

            @Override
            public void setObject(Integer changed) {
                values = values.with(setting, changed);
            }
        };
        IModel<Integer> defaultValue = () -> setting.defaultValue(values);
        SettingField field = new SettingField(setting, value);
        form.add(field.add(AttributeModifier.replace("placeholder", defaultValue)));
        IModel<Map<String, Object>> parameters = () -> Map.of(
                "minimum", field.range().min(),
                "maximum", field.range().max(),
                "default", defaultValue.getObject(),
                "processors", Runtime.getRuntime().availableProcessors());
        boolean kept = setting == POOL_SIZE && !editsPoolSize;
        String help = "fanout." + setting.key() + (kept ? ".keptByHost" : ".help");
        form.add(new Label(setting.key() + "Help", new StringResourceModel(help, this).setModel(parameters)));
    }

    /**
     * The check box of an on/off {@code setting} and its help text: unset shows its default, and the default
     * ticked or not is saved unset.
     */
    private void addSwitch(Form<Void> form, Setting<Boolean> setting) {
        IModel<Boolean> value = new IModel<>() {
            @Override
            public Boolean getObject() {
                return values.valueOrDefault(setting);
            }

            @Override
            public void setObject(Boolean changed) {
                values = values.with(setting, changed.equals(setting.defaultValue(values)) ? null : changed);
            }
        };
        form.add(new CheckBox(setting.key(), value)
                .setLabel(new StringResourceModel("fanout." + setting.key() + ".label", this)));
        form.add(new Label(setting.key() + "Help", new StringResourceModel("fanout." + setting.key() + ".help", this)));
    }

    private void save() {
        // A pool size the panel does not edit is passed on as kept now, so that it is never written.
        SettingValues settings = editsPoolSize
                ? values
                : values.with(POOL_SIZE, configuration.getObject().stored().get(POOL_SIZE));
        FanoutSettings applied;
        try {
            applied = configuration.getObject().save(settings);
        } catch (IOException e) {
            error(getString("fanout.notSaved", Model.ofMap(Map.of("reason", String.valueOf(e)))));
            return;
        } catch (RuntimeException e) {
            error(getString("fanout.notApplied", Model.ofMap(Map.of("reason", String.valueOf(e)))));
            return;
        }
        success(getString(
                editsPoolSize ? "fanout.saved" : "fanout.savedWithoutPoolSize",
                Model.ofMap(Map.of(
                        "poolSize", applied.poolSize(),
                        "queueBound", applied.queueBound(),
                        "storeThreads", applied.storeThreads(),
                        "lockTimeoutSeconds", applied.lockTimeout().toSeconds(),
                        "singleTile", getString(applied.singleTileWhenUncached() ? "fanout.on" : "fanout.off")))));
    }

    @Override
    public void renderHead(IHeaderResponse response) {
        super.renderHead(response);
        response.render(CssHeaderItem.forReference(CSS));
    }

    @Override
    protected void onDetach() {
        configuration.detach();
        super.onDetach();
    }
}
