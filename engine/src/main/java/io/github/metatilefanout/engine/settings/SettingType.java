package io.github.metatilefanout.engine.settings;

/**
 * The values a {@link Setting} takes: how they are read from text and written back, which are allowed, and
 * how to tell an admin what is allowed.
 *
 * @param <T> the type of the values
 */
public interface SettingType<T> {

    /**
     * The value {@code text} stands for, allowed or not.
     *
     * @param text stripped, never empty
     * @throws IllegalArgumentException if {@code text} stands for no value of this type
     */
    T parse(String text);

    /** Whether {@code value} is allowed. */
    boolean allows(T value);

    /** What is allowed, to complete "it must be ...": for example {@code a whole number from 0 to 256}. */
    String description();
}
