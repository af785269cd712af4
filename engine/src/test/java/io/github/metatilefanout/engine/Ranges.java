package io.github.metatilefanout.engine;

/** Range checks whose messages name the setting, the value and the allowed range. */
final class Ranges {

    private Ranges() {}

    static int check(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " is " + value + "; allowed range is " + min + " to " + max);
        }
        return value;
    }
}
