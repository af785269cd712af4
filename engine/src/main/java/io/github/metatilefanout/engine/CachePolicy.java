package io.github.metatilefanout.engine;

/** What happens to the tiles of a rendered metatile. */
public enum CachePolicy {
    /** Every tile is stored in the tile store. */
    PERSIST,
    /**
     * Nothing is persisted; the tiles go to the store's transient cache so that sibling requests arriving
     * shortly after do not render the metatile again (GeoWebCache's "metatile cache only").
     */
    TRANSIENT,
    /**
     * Nothing is kept: only the requested tile is encoded (GeoWebCache's "expire cache -1", volatile
     * layers). No lookup is made either.
     */
    NONE
}
