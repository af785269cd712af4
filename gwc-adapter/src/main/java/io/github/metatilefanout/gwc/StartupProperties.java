package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.Setting;
import java.util.List;
import java.util.Locale;

/**
 * The start-up choices both plugins (GeoServer's and standalone GeoWebCache's) read by the same names, as a system
 * property, servlet context parameter or environment variable:
 *
 * <ul>
 *   <li>{@value #ENABLED}: {@code false} leaves every tile to the host's own metatiling; default {@code true};
 *   <li>{@value #LOCK_PROTOCOL}: which {@link LockProtocol} the engine runs, {@code tile-locks} (the default, safe
 *       while nodes without the plugin share the cache) or {@code storing-lock} (once every node runs it).
 * </ul>
 *
 * A value neither allows stops start-up, naming the property, the value and the allowed ones ({@link
 * Setting#BAD_VALUE}): nodes that disagree on the protocol do not exclude each other.
 */
public final class StartupProperties {

    /** The on/off switch's name. */
    public static final String ENABLED = "METATILE_FANOUT_ENABLED";

    /** The lock protocol's name. */
    public static final String LOCK_PROTOCOL = "METATILE_FANOUT_LOCK_PROTOCOL";

    private StartupProperties() {}

    /**
     * Whether {@code value} switches the engine on: {@code true} or {@code false} in any case, {@code true} when not
     * set.
     *
     * @throws IllegalArgumentException if it is neither
     */
    public static boolean enabled(String value) {
        return ChoiceProperty.read(ENABLED, value, true, List.of(true, false), String::valueOf);
    }

    /**
     * The lock protocol {@code value} names, in any case; {@link LockProtocol#TILE_LOCKS} when it is not set.
     *
     * @throws IllegalArgumentException if it names none
     */
    public static LockProtocol lockProtocol(String value) {
        return ChoiceProperty.read(
                LOCK_PROTOCOL, value, LockProtocol.TILE_LOCKS, List.of(LockProtocol.values()), StartupProperties::name);
    }

    /** {@code tile-locks} for {@link LockProtocol#TILE_LOCKS}. */
    public static String name(LockProtocol protocol) {
        return protocol.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
