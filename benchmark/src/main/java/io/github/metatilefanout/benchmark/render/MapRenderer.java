package io.github.metatilefanout.benchmark.render;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Draws Natural Earth land and countries into metatiles of the web-mercator grid, as a GetMap would:
 * sea, land, countries filled in turn with the style's fills, anti-aliased borders and coastlines, and
 * the names of the countries wide enough to carry one.
 *
 * <p>The outlines are projected once when the data is read; each render transforms the outlines that
 * reach into the metatile (gutter included) to image pixels, fills and strokes them. Zoom levels 0 to 2
 * use the 1:110m data, 3 to 5 the 1:50m, deeper ones the 1:10m. Thread-safe.
 */
public final class MapRenderer implements MetatileRenderer {

    /** Countries narrower than this, in pixels, get no label. */
    static final double MIN_LABEL_WIDTH = 64;

    /** Labels whose anchor is this far outside the image, in pixels, may still reach into it. */
    private static final double LABEL_MARGIN = 128;

    private final MapStyle style;
    private final FixedPalette palette;
    private final LabelPainter labels;
    private final BasicStroke borderStroke;
    private final BasicStroke coastStroke;

    public MapRenderer(MapStyle style, PixelFormat pixelFormat) {
        this.style = Objects.requireNonNull(style, "style");
        this.palette = Objects.requireNonNull(pixelFormat, "pixelFormat") == PixelFormat.PALETTE
                ? FixedPalette.of(style)
                : null;
        this.labels = new LabelPainter(style);
        this.borderStroke = new BasicStroke(style.borderWidth(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        this.coastStroke = new BasicStroke(style.coastWidth(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    @Override
    public MetatileImage render(Metatile metatile) {
        return MetatileImage.of(draw(metatile));
    }

    /** Draws {@code metatile} into a new image of its size, gutter included. */
    public BufferedImage draw(Metatile metatile) {
        return draw(PixelFrame.of(metatile));
    }

    /** Draws the part of the world in {@code frame}. */
    public BufferedImage draw(PixelFrame frame) {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_4BYTE_ABGR);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(style.sea());
            g.fillRect(0, 0, frame.width(), frame.height());
            drawMap(g, frame, MapData.of(MapScale.forZoom(frame.zoom())));
        } finally {
            g.dispose();
        }
        return palette == null ? image : palette.quantise(image);
    }

    private void drawMap(Graphics2D g, PixelFrame frame, MapData data) {
        double margin = 2 + Math.max(style.borderWidth(), style.coastWidth());
        List<Shape> land = visibleOutlines(data.land(), frame, margin);
        g.setColor(style.land());
        land.forEach(g::fill);

        List<Shape> borders = new ArrayList<>();
        List<MapFeature> countries = data.countries();
        for (int i = 0; i < countries.size(); i++) {
            MapFeature country = countries.get(i);
            Shape outline = country.outlineIn(frame, margin);
            if (outline != null) {
                g.setColor(style.countryFill(i));
                g.fill(outline);
                borders.add(outline);
            }
        }
        g.setStroke(borderStroke);
        g.setColor(style.border());
        borders.forEach(g::draw);

        g.setStroke(coastStroke);
        g.setColor(style.coast());
        land.forEach(g::draw);

        drawLabels(g, frame, countries);
    }

    private void drawLabels(Graphics2D g, PixelFrame frame, List<MapFeature> countries) {
        AffineTransform toPixels = frame.transform();
        Rectangle2D labelExtent = frame.normalisedExtent(LABEL_MARGIN);
        double worldSize = WebMercator.worldSize(frame.zoom());
        Font font = LabelPainter.fontFor(frame.zoom());
        for (MapFeature country : countries) {
            if (country.bounds().getWidth() * worldSize >= MIN_LABEL_WIDTH && labelExtent.contains(country.label())) {
                labels.paint(g, country.name(), toPixels.transform(country.label(), new Point2D.Double()), font);
            }
        }
    }

    private static List<Shape> visibleOutlines(List<MapFeature> features, PixelFrame frame, double margin) {
        List<Shape> visible = new ArrayList<>();
        for (MapFeature feature : features) {
            Shape outline = feature.outlineIn(frame, margin);
            if (outline != null) {
                visible.add(outline);
            }
        }
        return visible;
    }
}
