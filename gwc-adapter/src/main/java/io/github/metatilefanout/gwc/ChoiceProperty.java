package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.settings.Setting;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Reads a start-up property whose value names one constant of an enum, as the plugins' properties do. */
public final class ChoiceProperty {

    private ChoiceProperty() {}

    /**
     * The constant of {@code byDefault}'s enum that {@code naming} names {@code value}, in any case; {@code byDefault}
     * when {@code value} is not set.
     *
     * @throws IllegalArgumentException naming the property, the value and the allowed ones ({@link Setting#BAD_VALUE})
     */
    public static <E extends Enum<E>> E read(String property, String value, E byDefault, Function<E, String> naming) {
        if (value == null || value.isBlank()) {
            return byDefault;
        }
        String stripped = value.strip();
        E[] choices = byDefault.getDeclaringClass().getEnumConstants();
        return Arrays.stream(choices)
                .filter(choice -> naming.apply(choice).equalsIgnoreCase(stripped))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(String.format(
                        Setting.BAD_VALUE,
                        property,
                        "'" + stripped + "'",
                        naming.apply(byDefault) + " (the default) or "
                                + Arrays.stream(choices)
                                        .filter(choice -> choice != byDefault)
                                        .map(naming)
                                        .collect(Collectors.joining(", ")))));
    }
}
