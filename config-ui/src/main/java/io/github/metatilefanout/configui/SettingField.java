package io.github.metatilefanout.configui;

import java.util.regex.Pattern;
import org.apache.wicket.markup.ComponentTag;
import org.apache.wicket.markup.html.form.TextField;
import org.apache.wicket.model.IModel;
import org.apache.wicket.model.ResourceModel;
import org.apache.wicket.validation.ValidationError;
import org.apache.wicket.validation.validator.RangeValidator;

/**
 * A text field for one setting: empty means the default (null), otherwise a whole number in the setting's
 * range. Errors name the field, the input and the range: {@code notWholeNumber} for text, {@code
 * RangeValidator.range} for a number out of range.
 */
final class SettingField extends TextField<Integer> {

    private static final Pattern DIGITS = Pattern.compile("[+-]?\\d+");

    private final FanoutSetting setting;

    SettingField(FanoutSetting setting, IModel<Integer> model) {
        super(setting.key(), model, Integer.class);
        this.setting = setting;
        setLabel(new ResourceModel(setting.key() + ".label"));
        add(RangeValidator.range(setting.min(), setting.max()));
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
            String key = DIGITS.matcher(input).matches() ? "RangeValidator.range" : "notWholeNumber";
            error(new ValidationError()
                    .addKey(key)
                    .setVariable("minimum", setting.min())
                    .setVariable("maximum", setting.max()));
        }
    }

    @Override
    protected void onComponentTag(ComponentTag tag) {
        super.onComponentTag(tag);
        if (!isValid()) {
            tag.put("aria-invalid", "true");
        }
    }
}
