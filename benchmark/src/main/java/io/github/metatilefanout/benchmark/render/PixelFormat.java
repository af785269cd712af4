package io.github.metatilefanout.benchmark.render;

/** The pixels of a rendered metatile. */
public enum PixelFormat {
    /** 8-bit red, green, blue and alpha: {@link java.awt.image.BufferedImage#TYPE_4BYTE_ABGR}. */
    RGBA,
    /**
     * Rendered as {@link #RGBA}, then mapped to the style's {@link FixedPalette}: {@link
     * java.awt.image.BufferedImage#TYPE_BYTE_INDEXED}, encoded as an 8-bit palette PNG.
     */
    PALETTE
}
