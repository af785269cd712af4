package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.png.PngFilter;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;

/**
 * Which tiles the engine's PNG encoder writes in place of GeoWebCache's writer, with {@value PngEncoderSetting#NAME}
 * {@code fanout}: those of format {@code image/png} of a layer without a format modifier for it. The encoder reads
 * each tile straight from the metatile's raster, at the deflate level of GeoWebCache's writer ({@value #LEVEL}, the
 * JDK's PNG writer's default) without row filters, and its tiles decode to the pixels GeoWebCache's do, not always in
 * the same bytes.
 *
 * <p>Everything else keeps GeoWebCache's writer: {@code image/png8} (GeoWebCache quantises each tile before writing
 * it), JPEG and the other formats, and layers with a format modifier for PNG, which may change what GeoWebCache asks
 * the WMS for or how it writes.
 */
final class PngEncoderChoice {

    /**
     * The deflate level of the JDK's PNG writer with its default parameters, as GeoWebCache uses it. Levels below 4
     * (zlib's fast strategy) made the tiles of a polygon map about 1.8 times as large.
     */
    private static final int LEVEL = 4;

    /** The engine's encoder, {@code null} with {@link PngEncoderSetting#GEOWEBCACHE}. */
    private final PngTileEncoder encoder;

    PngEncoderChoice(PngEncoderSetting setting) {
        this.encoder = setting == PngEncoderSetting.FANOUT ? new PngTileEncoder(LEVEL, PngFilter.NONE) : null;
    }

    /** The engine's encoder for the tiles of {@code layer} in {@code format}, {@code null} for GeoWebCache's writer. */
    TileEncoder encoderFor(WMSLayer layer, MimeType format) {
        return encoder != null && ImageMime.png.equals(format) && layer.getFormatModifier(format) == null
                ? encoder
                : null;
    }
}
