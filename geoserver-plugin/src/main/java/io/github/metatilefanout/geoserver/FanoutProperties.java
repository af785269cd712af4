package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.gwc.SettingProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * GeoServer Cloud's configuration properties for the plugin, under {@value #PREFIX}: one per {@link Setting},
 * named by its key in kebab case ({@code pool-size}, {@code queue-bound}, {@code store-threads}, {@code lock-timeout-seconds}) and read
 * with Spring Boot's relaxed binding from wherever the environment has them: the service's configuration, a
 * system property ({@code -D...}), an environment variable ({@code GEOSERVER_EXTENSION_METATILEFANOUT_POOLSIZE}).
 * A value that is set wins over the stored setting of the same name, see {@link SettingsOverrides}. ({@code
 * enabled} is read by {@link FanoutAutoConfiguration}'s condition.)
 */
final class FanoutProperties {

    /** The properties' prefix, after GeoServer Cloud's {@code geoserver.extension.<name>} convention. */
    static final String PREFIX = "geoserver.extension.metatile-fanout";

    private FanoutProperties() {}

    /** The property of {@code setting}, for example {@code geoserver.extension.metatile-fanout.pool-size}. */
    static String name(Setting<?> setting) {
        return SettingProperties.name(PREFIX + ".", setting, '-', false);
    }

    /**
     * The settings the properties of {@code environment} fix; an empty property fixes nothing.
     *
     * @throws IllegalArgumentException if a value is bad, naming the property, the value and what is allowed:
     *     it stops start-up
     */
    static SettingsOverrides overrides(Environment environment) {
        Binder binder = Binder.get(environment);
        return new SettingsOverrides(SettingProperties.read(
                FanoutProperties::name, name -> binder.bind(name, String.class).orElse(null)));
    }
}
