package io.github.metatilefanout.benchmark.render;

import io.github.metatilefanout.engine.Metatile;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Draws Natural Earth ({@link MapData}) into web-mercator metatiles as a GetMap would: sea, land, countries
 * in the style's fills, anti-aliased borders and coasts, and the names of countries wide enough, as glyph
 * outlines with a halo (identical in every metatile; skipped, with a warning, without usable fonts).
 * Thread-safe.
 */
public final class MapRenderer {

    public enum PixelFormat {
        /** {@link BufferedImage#TYPE_4BYTE_ABGR}: RGBA PNG. */
        RGBA,
        /** {@link #RGBA} mapped to the style's {@link FixedPalette}: 8-bit palette PNG. */
        PALETTE
    }

    private static final Logger LOGGER = Logger.getLogger(MapRenderer.class.getName());
    private static final boolean FONTS_USABLE = fontsUsable();

    /** Countries narrower than this, in pixels, get no label. */
    static final double MIN_LABEL_WIDTH = 64;

    /** How far outside the image, in pixels, a label's anchor may lie and the label still reach into it. */
    private static final double LABEL_MARGIN = 128;

    private final MapStyle style;
    private final FixedPalette palette;
    private final BasicStroke halo = new BasicStroke(3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    private final BasicStroke borderStroke;
    private final BasicStroke coastStroke;

    public MapRenderer(MapStyle style, PixelFormat pixelFormat) {
        this.style = style;
        this.palette = pixelFormat == PixelFormat.PALETTE ? FixedPalette.of(style) : null;
        this.borderStroke = new BasicStroke(style.borderWidth(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        this.coastStroke = new BasicStroke(style.coastWidth(), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    /** Draws {@code metatile}, gutter included. */
    public BufferedImage draw(Metatile metatile) {
        return draw(PixelFrame.of(metatile));
    }

    public BufferedImage draw(PixelFrame frame) {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_4BYTE_ABGR);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(style.sea());
            g.fillRect(0, 0, frame.width(), frame.height());
            drawMap(g, frame, MapData.forZoom(frame.zoom()));
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
        Font font = fontFor(frame.zoom());
        for (MapFeature country : countries) {
            if (FONTS_USABLE
                    && !country.name().isEmpty()
                    && country.bounds().getWidth() * worldSize >= MIN_LABEL_WIDTH
                    && labelExtent.contains(country.label())) {
                TextLayout layout = new TextLayout(country.name(), font, g.getFontRenderContext());
                Point2D anchor = toPixels.transform(country.label(), new Point2D.Double());
                Rectangle2D bounds = layout.getBounds();
                Shape glyphs = layout.getOutline(AffineTransform.getTranslateInstance(
                        Math.rint(anchor.getX() - bounds.getCenterX()),
                        Math.rint(anchor.getY() - bounds.getCenterY())));
                g.setStroke(halo);
                g.setColor(style.labelHalo());
                g.draw(glyphs);
                g.setColor(style.labelText());
                g.fill(glyphs);
            }
        }
    }

    private static Font fontFor(int z) {
        return new Font(Font.SANS_SERIF, Font.BOLD, z < 3 ? 10 : z < 6 ? 12 : 14);
    }

    private static boolean fontsUsable() {
        try {
            new TextLayout("Ag", fontFor(0), new FontRenderContext(null, true, true));
            return true;
        } catch (RuntimeException | LinkageError | InternalError e) {
            LOGGER.log(Level.WARNING, "No usable font: map tiles will be drawn without labels", e);
            return false;
        }
    }

    private static List<Shape> visibleOutlines(List<MapFeature> features, PixelFrame frame, double margin) {
        return features.stream()
                .<Shape>map(feature -> feature.outlineIn(frame, margin))
                .filter(Objects::nonNull)
                .toList();
    }
}
