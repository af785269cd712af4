package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;

/**
 * Which tiles the engine's PNG encoder writes in place of GeoWebCache's writer, with {@value PngEncoderSetting#NAME}
 * {@code fanout}: those of format {@code image/png} of a layer without a format modifier for it. The encoder reads
 * each tile straight from the metatile's raster (its defaults: deflate level 2, no row filter), and its tiles decode
 * to the pixels GeoWebCache's do, in other bytes.
 *
 * <p>Everything else keeps GeoWebCache's writer: {@code image/png8} (GeoWebCache quantises each tile before writing
 * it), JPEG and the other formats, and layers with a format modifier for PNG, which may change what GeoWebCache asks
 * the WMS for or how it writes.
 */
final class PngTiles {

    /** The engine's encoder, {@code null} with {@link PngEncoderSetting#GEOWEBCACHE}. */
    private final PngTileEncoder encoder;

    PngTiles(PngEncoderSetting setting) {
        this.encoder = setting == PngEncoderSetting.FANOUT ? new PngTileEncoder() : null;
    }

    /** The engine's encoder for the tiles of {@code layer} in {@code format}, {@code null} for GeoWebCache's writer. */
    TileEncoder encoderFor(WMSLayer layer, MimeType format) {
        return encoder != null && ImageMime.png.equals(format) && layer.getFormatModifier(format) == null
                ? encoder
                : null;
    }
}
