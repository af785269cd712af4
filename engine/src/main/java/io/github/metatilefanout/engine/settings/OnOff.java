package io.github.metatilefanout.engine.settings;

import java.util.Locale;

/** A switch: {@code true} or {@code false}, in any case. */
public record OnOff() implements SettingType<Boolean> {

    /** @throws IllegalArgumentException if {@code text} is neither {@code true} nor {@code false} */
    @Override
    public Boolean parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("not true or false: " + text);
        };
    }

    @Override
    public boolean allows(Boolean value) {
        return value != null;
    }

    @Override
    public String description() {
        return "true or false";
    }
}
