package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.util.logging.Logger;
import javax.imageio.ImageIO;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.mime.ImageMime;
import org.geowebcache.mime.MimeType;

/**
 * Which tiles the engine's PNG encoder writes in place of GeoWebCache's writer, with {@value PngEncoderSetting#NAME}
 * {@code fanout} (the default): those of format {@code image/png} of a layer without a format modifier for it, while
 * ImageIO's first PNG writer, the one GeoWebCache takes, is the JDK's. The encoder ({@link
 * PngTileEncoder#imageIoBytes()}) reads each tile straight from the metatile's raster and writes the bytes the JDK's
 * writer writes.
 *
 * <p>Everything else keeps GeoWebCache's writer: {@code image/png8} (GeoWebCache quantises each tile before writing
 * it), JPEG and the other formats, layers with a format modifier for PNG, which may change what GeoWebCache asks the
 * WMS for or how it writes, and every PNG when another PNG writer (a native one) comes first in ImageIO.
 */
final class PngEncoderChoice {

    private static final Logger LOGGER = Logger.getLogger(PngEncoderChoice.class.getName());

    /** The engine's encoder, {@code null} for GeoWebCache's writer. */
    private final PngTileEncoder encoder;

    PngEncoderChoice(PngEncoderSetting setting) {
        this.encoder = setting == PngEncoderSetting.FANOUT ? encoderIfBytesMatch() : null;
    }

    private static PngTileEncoder encoderIfBytesMatch() {
        if (PngTileEncoder.isImageIoPngWriterTheJdks()) {
            return PngTileEncoder.imageIoBytes();
        }
        LOGGER.warning(() -> "metatile-fanout: ImageIO's first PNG writer is "
                + ImageIO.getImageWritersByFormatName("png").next().getClass().getName()
                + ", not the JDK's; GeoWebCache's writer keeps writing PNG tiles, since the engine's encoder writes"
                + " the JDK's bytes");
        return null;
    }

    /** The engine's encoder for the tiles of {@code layer} in {@code format}, {@code null} for GeoWebCache's writer. */
    TileEncoder encoderFor(WMSLayer layer, MimeType format) {
        return encoder != null && ImageMime.png.equals(format) && layer.getFormatModifier(format) == null
                ? encoder
                : null;
    }
}
