package io.github.metatilefanout.benchmark.render;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/** How the map is drawn: colours, countries' fills in turn by their order in the data, line widths in pixels. */
public record MapStyle(
        Color sea,
        Color land,
        List<Color> countryFills,
        Color border,
        float borderWidth,
        Color coast,
        float coastWidth,
        Color labelText,
        Color labelHalo) {

    public MapStyle {
        countryFills = List.copyOf(countryFills);
        if (countryFills.isEmpty()) {
            throw new IllegalArgumentException("At least one country fill is needed");
        }
    }

    /** Pastel countries on a blue sea. */
    public static MapStyle standard() {
        return new MapStyle(
                new Color(0xA9CCE3),
                new Color(0xEFEBE2),
                List.of(
                        new Color(0xF3E1B9),
                        new Color(0xD7E8C4),
                        new Color(0xF2CFC4),
                        new Color(0xDCD3EA),
                        new Color(0xFBF0B8),
                        new Color(0xCDE4E0),
                        new Color(0xEAD7C0)),
                new Color(0x7D6E83),
                0.9f,
                new Color(0x4F7FA6),
                1.2f,
                new Color(0x333333),
                Color.WHITE);
    }

    public Color countryFill(int index) {
        return countryFills.get(index % countryFills.size());
    }

    public List<Color> colors() {
        List<Color> colors = new ArrayList<>(List.of(sea, land, border, coast, labelText, labelHalo));
        colors.addAll(countryFills);
        return colors;
    }
}
