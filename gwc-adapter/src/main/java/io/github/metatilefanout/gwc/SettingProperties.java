package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The engine's settings as the properties a deployment sets, one per {@link Setting}, named by the setting's key in
 * words of the property's style: {@code METATILE_FANOUT_POOL_SIZE} in standalone GeoWebCache, {@code
 * geoserver.extension.metatile-fanout.pool-size} in GeoServer Cloud.
 */
public final class SettingProperties {

    private SettingProperties() {}

    /**
     * The name of {@code setting}'s property: {@code prefix}, then its key's words joined by {@code separator}, in
     * upper or lower case; {@code poolSize} gives {@code <prefix>POOL_SIZE} or {@code <prefix>pool-size}.
     */
    public static String name(String prefix, Setting<?> setting, char separator, boolean upperCase) {
        String words = setting.key().replaceAll("([a-z])([A-Z])", "$1" + separator + "$2");
        return prefix + (upperCase ? words.toUpperCase(Locale.ROOT) : words.toLowerCase(Locale.ROOT));
    }

    /**
     * The settings {@code properties} hold, each setting's property named by {@code names}; a property that is not
     * set ({@code null}) or blank holds none.
     *
     * @throws IllegalArgumentException if a value is bad, naming the property, the value and what is allowed
     */
    public static SettingValues read(Function<Setting<?>, String> names, UnaryOperator<String> properties) {
        SettingValues values = SettingValues.NONE;
        for (Setting<?> setting : Setting.ALL) {
            values = with(values, setting, names.apply(setting), properties.apply(names.apply(setting)));
        }
        return values;
    }

    private static <T> SettingValues with(SettingValues values, Setting<T> setting, String name, String text) {
        return text == null || text.isBlank() ? values : values.with(setting, setting.parse(name, text));
    }
}
