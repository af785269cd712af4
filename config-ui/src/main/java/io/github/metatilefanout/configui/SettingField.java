package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.settings.FanoutSetting;
import java.util.regex.Pattern;
import org.apache.wicket.markup.ComponentTag;
import org.apache.wicket.markup.html.form.TextField;
import org.apache.wicket.model.IModel;
import org.apache.wicket.model.ResourceModel;
import org.apache.wicket.validation.ValidationError;

/**
 * A text field for one setting: empty means the default (null), otherwise a whole number in the setting's
 * range. Errors name the field, the input and the range: {@code fanout.notWholeNumber} for text, {@code
 * fanout.outOfRange} for a number out of range.
 */
final class SettingField extends TextField<Integer> {

    private static final Pattern DIGITS = Pattern.compile("[+-]?\\d+");

    private final FanoutSetting setting;

    SettingField(FanoutSetting setting, IModel<Integer> model) {
        super(setting.key(), model, Integer.class);
        this.setting = setting;
        setLabel(new ResourceModel("fanout." + setting.key() + ".label"));
        add(validatable -> {
            if (!setting.allows(validatable.getValue())) {
                validatable.error(error("fanout.outOfRange"));
            }
        });
    }

    @Override
    public void convertInput() {
        String input = getInput() == null ? "" : getInput().strip();
        if (input.isEmpty()) {
            setConvertedInput(null);
            return;
        }
        try {
            setConvertedInput(Integer.valueOf(input));
        } catch (NumberFormatException e) {
            // Digits that overflow an int are out of range, not "not a number".
            error(error(DIGITS.matcher(input).matches() ? "fanout.outOfRange" : "fanout.notWholeNumber"));
        }
    }

    private ValidationError error(String key) {
        return new ValidationError()
                .addKey(key)
                .setVariable("minimum", setting.min())
                .setVariable("maximum", setting.max());
    }

    @Override
    protected void onComponentTag(ComponentTag tag) {
        super.onComponentTag(tag);
        if (!isValid()) {
            tag.put("aria-invalid", "true");
        }
    }
}
