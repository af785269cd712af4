package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.StoredSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * GeoServer Cloud's configuration properties for the plugin, under {@value #PREFIX}. A value that is set
 * wins over the stored setting of the same name; see {@link SettingsOverrides}. ({@code enabled} is read by
 * {@link FanoutAutoConfiguration}'s condition.)
 *
 * @param poolSize {@code pool-size}, threads that encode and store tiles, 0 to 256
 * @param queueBound {@code queue-bound}, metatiles that may wait for a pool thread, 0 to 4096
 * @param lockTimeoutSeconds {@code lock-timeout-seconds}, the longest wait for a lock, 1 to 3600
 * @throws IllegalArgumentException if a value is out of range; the message names the property, the value
 *     and the range
 */
@ConfigurationProperties(prefix = FanoutProperties.PREFIX)
public record FanoutProperties(Integer poolSize, Integer queueBound, Integer lockTimeoutSeconds) {

    /** The properties' prefix, after GeoServer Cloud's {@code geoserver.extension.<name>} convention. */
    public static final String PREFIX = "geoserver.extension.metatile-fanout";

    public FanoutProperties {
        check("pool-size", poolSize, FanoutSettings.MIN_POOL_SIZE, FanoutSettings.MAX_POOL_SIZE);
        check("queue-bound", queueBound, FanoutSettings.MIN_QUEUE_BOUND, FanoutSettings.MAX_QUEUE_BOUND);
        check(
                "lock-timeout-seconds",
                lockTimeoutSeconds,
                FanoutSettings.MIN_LOCK_TIMEOUT_SECONDS,
                FanoutSettings.MAX_LOCK_TIMEOUT_SECONDS);
    }

    private static void check(String name, Integer value, int min, int max) {
        if (value != null && (value < min || value > max)) {
            throw new IllegalArgumentException(
                    PREFIX + "." + name + " is " + value + "; allowed range is " + min + " to " + max);
        }
    }

    /** The settings these properties fix. */
    SettingsOverrides overrides() {
        return new SettingsOverrides(new StoredSettings(poolSize, queueBound, lockTimeoutSeconds));
    }
}
