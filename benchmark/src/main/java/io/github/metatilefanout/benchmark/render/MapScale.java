package io.github.metatilefanout.benchmark.render;

/** The Natural Earth scales the map is drawn from, and the zoom levels each one serves. */
public enum MapScale {
    /** 1:110m, for zoom levels 0 to 2. */
    SMALL("110m", 0),
    /** 1:50m, for zoom levels 3 to 5. */
    MEDIUM("50m", 3),
    /** 1:10m, from zoom level 6. */
    LARGE("10m", 6);

    private final String label;
    private final int fromZoom;

    MapScale(String label, int fromZoom) {
        this.label = label;
        this.fromZoom = fromZoom;
    }

    /** The scale drawn at zoom level {@code z}. */
    public static MapScale forZoom(int z) {
        MapScale chosen = SMALL;
        for (MapScale scale : values()) {
            if (z >= scale.fromZoom) {
                chosen = scale;
            }
        }
        return chosen;
    }

    /** The name of the map resource of this scale. */
    String resourceName() {
        return "ne-" + label + ".bin.gz";
    }

    @Override
    public String toString() {
        return "1:" + label;
    }
}
