package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.settings.Setting;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Reads a start-up property whose value names one of a few choices, as the plugins' start-up properties do. */
public final class ChoiceProperty {

    private ChoiceProperty() {}

    /**
     * The choice that {@code naming} names {@code value}, in any case; {@code byDefault} when {@code value} is not
     * set.
     *
     * @param choices every choice, {@code byDefault} among them
     * @throws IllegalArgumentException naming the property, the value and the allowed ones ({@link Setting#BAD_VALUE})
     */
    public static <T> T read(String property, String value, T byDefault, List<T> choices, Function<T, String> naming) {
        if (value == null || value.isBlank()) {
            return byDefault;
        }
        String stripped = value.strip();
        return choices.stream()
                .filter(choice -> naming.apply(choice).equalsIgnoreCase(stripped))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(String.format(
                        Setting.BAD_VALUE,
                        property,
                        "'" + stripped + "'",
                        naming.apply(byDefault) + " (the default) or "
                                + choices.stream()
                                        .filter(choice -> !choice.equals(byDefault))
                                        .map(naming)
                                        .collect(Collectors.joining(", ")))));
    }
}
