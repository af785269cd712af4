package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Draws a run's results as grouped bars, one colour per strategy: throughput (log scale) for each metatile
 * shape and format at the default pool size, grouped by cache-hit ratio and clients; then time to first
 * tile (p50) for each metatile shape and format, with the render + one encode floor and the 1.25 x limit
 * drawn across.
 */
public final class ResultChart {

    private static final Color[] COLORS = {
        new Color(0x8C8C8C), new Color(0xE69F00), new Color(0x0072B2), new Color(0x009E73)
    };
    private static final int BAR = 22;
    private static final int GROUP_GAP = 26;
    private static final int PANEL_HEIGHT = 300;
    private static final int LEFT = 70;
    private static final int TOP = 56;
    private static final int PANEL_TOP_GAP = 40;
    private static final int AXIS_LABELS = 40;
    private static final String DEFAULT_POOL = "2xcores";

    private final Results results;

    public ResultChart(Results results) {
        this.results = results;
    }

    /** The chart, or {@code null} when the run measured nothing to chart. */
    public BufferedImage draw(String title) {
        List<Panel> panels = new ArrayList<>(throughputPanels());
        Panel firstTile = firstTilePanel();
        if (firstTile != null) {
            panels.add(firstTile);
        }
        if (panels.isEmpty()) {
            return null;
        }
        int groupWidth = Strategy.values().length * BAR + GROUP_GAP;
        int widest = panels.stream().mapToInt(p -> p.groups().size()).max().orElse(1);
        int width = Math.max(720, LEFT + widest * groupWidth + 40);
        int height = TOP + panels.size() * (PANEL_HEIGHT + PANEL_TOP_GAP + AXIS_LABELS) + 10;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
            g.drawString(title, LEFT, 24);
            legend(g, LEFT, 42);
            int y = TOP;
            for (Panel panel : panels) {
                y += PANEL_TOP_GAP;
                panel.draw(g, LEFT, y, groupWidth);
                y += PANEL_HEIGHT + AXIS_LABELS;
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private List<Panel> throughputPanels() {
        Map<String, Map<String, Scenario>> byPanel = new LinkedHashMap<>();
        for (Scenario s : results.scenarios()) {
            if (s.pool().equals(DEFAULT_POOL)) {
                byPanel.computeIfAbsent(s.metatile() + " " + s.format(), k -> new LinkedHashMap<>())
                        .put(s.hits() + "% hits, " + Counts.resolve(s.clients()) + " cl.", s);
            }
        }
        List<Panel> panels = new ArrayList<>();
        byPanel.forEach((name, groups) -> {
            Map<String, double[]> values = new LinkedHashMap<>();
            groups.forEach(
                    (label, scenario) -> values.put(label, perStrategy(st -> results.tilesPerSecond(st, scenario))));
            panels.add(new Panel(
                    "Throughput, tiles/s (log scale): metatile " + name + ", pool " + Counts.resolve(DEFAULT_POOL),
                    values,
                    true,
                    Map.of()));
        });
        return panels;
    }

    private Panel firstTilePanel() {
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, Double> floors = new LinkedHashMap<>();
        for (String shapeAndFormat : results.firstTileCases()) {
            String[] parts = shapeAndFormat.split("/");
            values.put(parts[0] + " " + parts[1], perStrategy(st -> results.firstTile(st, parts[0], parts[1])
                    .map(Measurement::p50)
                    .orElse(Double.NaN)));
            floors.put(parts[0] + " " + parts[1], results.renderPlusEncode(parts[0], parts[1]));
        }
        if (values.isEmpty()) {
            return null;
        }
        return new Panel(
                "Time to first tile, p50 ms; dashed: render + one encode; dotted: 1.25 x that", values, false, floors);
    }

    private static double[] perStrategy(ToDoubleFunction<Strategy> value) {
        Strategy[] strategies = Strategy.values();
        double[] values = new double[strategies.length];
        for (int i = 0; i < strategies.length; i++) {
            values[i] = value.applyAsDouble(strategies[i]);
        }
        return values;
    }

    private static void legend(Graphics2D g, int x, int y) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        Strategy[] strategies = Strategy.values();
        for (int i = 0; i < strategies.length; i++) {
            g.setColor(COLORS[i]);
            g.fillRect(x, y - 10, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(strategies[i].toString(), x + 16, y);
            x += 40 + g.getFontMetrics().stringWidth(strategies[i].toString());
        }
    }

    /** One panel of grouped bars. */
    private record Panel(String title, Map<String, double[]> groups, boolean logScale, Map<String, Double> floors) {

        void draw(Graphics2D g, int left, int top, int groupWidth) {
            double max = groups.values().stream()
                    .flatMapToDouble(java.util.Arrays::stream)
                    .filter(v -> !Double.isNaN(v))
                    .max()
                    .orElse(1);
            max = Math.max(
                    max,
                    floors.values().stream()
                            .mapToDouble(f -> Double.isNaN(f) ? 0 : f * 1.25)
                            .max()
                            .orElse(0));
            Scale scale = logScale ? Scale.log(max) : Scale.linear(max);
            int width = groups.size() * groupWidth;
            int bottom = top + PANEL_HEIGHT;
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            g.setColor(Color.BLACK);
            g.drawString(title, left, top - 10);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            for (double tick : scale.ticks()) {
                int y = bottom - (int) Math.round(scale.fraction(tick) * PANEL_HEIGHT);
                g.setColor(new Color(0xE0E0E0));
                g.drawLine(left, y, left + width, y);
                g.setColor(Color.DARK_GRAY);
                String label = tick >= 100 || tick == Math.rint(tick)
                        ? String.format(Locale.ROOT, "%.0f", tick)
                        : String.format(Locale.ROOT, "%.1f", tick);
                g.drawString(label, left - 8 - g.getFontMetrics().stringWidth(label), y + 4);
            }
            g.setColor(Color.BLACK);
            g.drawLine(left, bottom, left + width, bottom);
            int x = left + GROUP_GAP / 2;
            for (Map.Entry<String, double[]> group : groups.entrySet()) {
                double[] values = group.getValue();
                for (int i = 0; i < values.length; i++) {
                    if (Double.isNaN(values[i])) {
                        continue;
                    }
                    int barHeight = (int) Math.round(scale.fraction(values[i]) * PANEL_HEIGHT);
                    g.setColor(COLORS[i]);
                    g.fillRect(x + i * BAR, bottom - barHeight, BAR - 3, barHeight);
                    g.setColor(Color.BLACK);
                    drawValue(g, values[i], x + i * BAR + (BAR - 3) / 2, bottom - barHeight - 3);
                }
                Double floor = floors.get(group.getKey());
                if (floor != null && !Double.isNaN(floor)) {
                    floorLine(g, x, values.length * BAR, bottom - scale.fraction(floor) * PANEL_HEIGHT, 6f);
                    floorLine(g, x, values.length * BAR, bottom - scale.fraction(1.25 * floor) * PANEL_HEIGHT, 2f);
                }
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                String label = group.getKey();
                int labelWidth = g.getFontMetrics().stringWidth(label);
                g.drawString(label, x + (values.length * BAR - labelWidth) / 2, bottom + 16);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
                x += groupWidth;
            }
        }

        private static void drawValue(Graphics2D g, double value, int centreX, int baseline) {
            String text = value >= 100
                    ? String.format(Locale.ROOT, "%.0f", value)
                    : String.format(Locale.ROOT, "%.1f", value);
            Rectangle2D bounds = g.getFontMetrics().getStringBounds(text, g);
            g.drawString(text, (float) (centreX - bounds.getWidth() / 2), baseline);
        }

        private static void floorLine(Graphics2D g, int x, int width, double y, float dash) {
            g.setColor(Color.RED.darker());
            g.setStroke(new BasicStroke(
                    1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {dash, 3f}, 0f));
            g.draw(new Line2D.Double(x - 4, y, x + width + 1, y));
            g.setStroke(new BasicStroke());
        }
    }

    /** Maps values to a fraction of the panel's height. */
    private record Scale(boolean log, double max) {

        static Scale linear(double max) {
            return new Scale(false, niceCeiling(max));
        }

        static Scale log(double max) {
            return new Scale(true, Math.pow(10, Math.ceil(Math.log10(Math.max(max, 1.0001)))));
        }

        double fraction(double value) {
            if (log) {
                return Math.max(0, Math.log10(Math.max(value, 1)) / Math.log10(max));
            }
            return Math.max(0, value / max);
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                for (double decade = 1; decade <= max; decade *= 10) {
                    ticks.add(decade);
                    if (decade * 3 <= max) {
                        ticks.add(decade * 3);
                    }
                }
            } else {
                for (int i = 0; i <= 5; i++) {
                    ticks.add(max * i / 5);
                }
            }
            return ticks;
        }

        private static double niceCeiling(double value) {
            double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(value, 1e-9))));
            for (double step : new double[] {1, 2, 2.5, 5, 10}) {
                if (step * magnitude >= value) {
                    return step * magnitude;
                }
            }
            return 10 * magnitude;
        }
    }
}
