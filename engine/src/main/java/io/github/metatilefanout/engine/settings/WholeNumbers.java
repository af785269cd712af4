package io.github.metatilefanout.engine.settings;

/**
 * Whole numbers from {@code min} to {@code max}, both allowed.
 *
 * @param min the smallest allowed value
 * @param max the largest allowed value
 */
public record WholeNumbers(int min, int max) implements SettingType<Integer> {

    /** @throws NumberFormatException if {@code text} is not a whole number that fits an {@code int} */
    @Override
    public Integer parse(String text) {
        return Integer.valueOf(text);
    }

    @Override
    public boolean allows(Integer value) {
        return value >= min && value <= max;
    }

    @Override
    public String description() {
        return "a whole number from " + min + " to " + max;
    }
}
