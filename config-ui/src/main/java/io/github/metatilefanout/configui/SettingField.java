package io.github.metatilefanout.configui;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.WholeNumbers;
import java.util.regex.Pattern;
import org.apache.wicket.markup.ComponentTag;
import org.apache.wicket.markup.html.form.TextField;
import org.apache.wicket.model.IModel;
import org.apache.wicket.model.ResourceModel;
import org.apache.wicket.validation.ValidationError;

/**
 * A text field for a setting of whole numbers, with the setting's key as its id: empty means the default
 * (null), otherwise a whole number the setting allows. Errors name the field, the input and the range: {@code
 * fanout.notWholeNumber} for text, {@code fanout.outOfRange} for a number out of range.
 */
final class SettingField extends TextField<Integer> {

    private static final Pattern DIGITS = Pattern.compile("[+-]?\\d+");

    private final WholeNumbers range;

    /** @throws IllegalArgumentException if {@code setting} does not take whole numbers */
    SettingField(Setting<Integer> setting, IModel<Integer> model) {
        super(setting.key(), model, Integer.class);
        if (!(setting.type() instanceof WholeNumbers numbers)) {
            throw new IllegalArgumentException(setting + " does not take whole numbers");
        }
        this.range = numbers;
        setLabel(new ResourceModel("fanout." + setting.key() + ".label"));
        add(validatable -> {
            if (!setting.allows(validatable.getValue())) {
                validatable.error(error("fanout.outOfRange"));
            }
        });
    }

    /** The numbers the setting allows. */
    WholeNumbers range() {
        return range;
    }

    @Override
    public void convertInput() {
        String input = getInput() == null ? "" : getInput().strip();
        if (input.isEmpty()) {
            setConvertedInput(null);
            return;
        }
        try {
            setConvertedInput(range.parse(input));
        } catch (NumberFormatException e) {
            // Digits that overflow an int are out of range, not "not a number".
            error(error(DIGITS.matcher(input).matches() ? "fanout.outOfRange" : "fanout.notWholeNumber"));
        }
    }

    private ValidationError error(String key) {
        return new ValidationError()
                .addKey(key)
                .setVariable("minimum", range.min())
                .setVariable("maximum", range.max());
    }

    @Override
    protected void onComponentTag(ComponentTag tag) {
        super.onComponentTag(tag);
        if (!isValid()) {
            tag.put("aria-invalid", "true");
        }
    }
}
