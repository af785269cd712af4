package io.github.metatilefanout.benchmark.render;

import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Draws country names as filled glyph outlines with a halo, centred on their anchor.
 *
 * <p>Drawing glyph outlines rather than text keeps labels identical whichever metatile they fall in. On a
 * JVM without usable fonts (a bare headless image), labels are skipped and a warning is logged once.
 */
final class LabelPainter {

    private static final Logger LOGGER = Logger.getLogger(LabelPainter.class.getName());
    private static final boolean FONTS_USABLE = fontsUsable();

    private final MapStyle style;
    private final BasicStroke halo = new BasicStroke(3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);

    LabelPainter(MapStyle style) {
        this.style = style;
    }

    /** The font of labels at zoom level {@code z}. */
    static Font fontFor(int z) {
        return new Font(Font.SANS_SERIF, Font.BOLD, z < 3 ? 10 : z < 6 ? 12 : 14);
    }

    /** Draws {@code text} centred on {@code anchor}, in image pixels. */
    void paint(Graphics2D g, String text, Point2D anchor, Font font) {
        if (!FONTS_USABLE || text.isEmpty()) {
            return;
        }
        TextLayout layout = new TextLayout(text, font, g.getFontRenderContext());
        Rectangle2D bounds = layout.getBounds();
        double x = Math.rint(anchor.getX() - bounds.getCenterX());
        double y = Math.rint(anchor.getY() - bounds.getCenterY());
        Shape glyphs = layout.getOutline(AffineTransform.getTranslateInstance(x, y));
        g.setStroke(halo);
        g.setColor(style.labelHalo());
        g.draw(glyphs);
        g.setColor(style.labelText());
        g.fill(glyphs);
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
}
