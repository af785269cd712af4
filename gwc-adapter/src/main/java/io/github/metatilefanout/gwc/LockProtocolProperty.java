package io.github.metatilefanout.gwc;

import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.settings.Setting;
import java.util.Locale;

/**
 * {@value #NAME}: which {@link LockProtocol} the engine runs, read once at start-up by both plugins (GeoServer's and
 * standalone GeoWebCache's) as a system property, servlet context parameter or environment variable. Its values are
 * {@code tile-locks} (the default, safe while nodes without the plugin share the cache) and {@code storing-lock}
 * (once every node runs it).
 */
public final class LockProtocolProperty {

    /** The property's name. */
    public static final String NAME = "METATILE_FANOUT_LOCK_PROTOCOL";

    private LockProtocolProperty() {}

    /**
     * The lock protocol {@code value} names, in any case; {@link LockProtocol#TILE_LOCKS} when it is not set.
     *
     * @throws IllegalArgumentException naming the property, the value and the allowed ones ({@link
     *     Setting#BAD_VALUE}), which stops start-up: nodes that disagree on the protocol do not exclude each other
     */
    public static LockProtocol read(String value) {
        return ChoiceProperty.read(NAME, value, LockProtocol.TILE_LOCKS, LockProtocolProperty::name);
    }

    /** {@code tile-locks} for {@link LockProtocol#TILE_LOCKS}. */
    public static String name(LockProtocol protocol) {
        return protocol.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
