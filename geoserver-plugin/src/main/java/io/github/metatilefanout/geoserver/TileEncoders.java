package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.png.PngFilter;
import io.github.metatilefanout.engine.png.PngTileEncoder;
import java.util.function.Supplier;
import org.geoserver.wms.WMS;
import org.geowebcache.mime.MimeType;

/**
 * The encoder of each tile format: PNG with this project's encoder, at the compression of GeoServer's WMS
 * settings (one encoder, replaced when that compression changes); the other formats (PNG8, JPEG, JPEG-PNG...)
 * with GeoServer's own map responses.
 *
 * <p>The engine's PNG encoder writes the bytes GeoServer writes: filter NONE at the deflate level of its PNG
 * compression setting.
 */
final class TileEncoders {

    private static final String PNG = "image/png";

    private volatile PngTileEncoder png;

    /** The encoder of {@code format}, for the tiles of the metatile {@code rendered} gives once rendered. */
    TileEncoder forFormat(MimeType format, Supplier<FanoutMetaTile> rendered) {
        if (PNG.equals(format.getFormat())) {
            return png(PngTileEncoder.levelForGeoServerCompression(WMS.get().getPngCompression()));
        }
        return new MapResponseTileEncoder(rendered, format);
    }

    private PngTileEncoder png(int level) {
        PngTileEncoder current = png;
        if (current == null || current.level() != level) {
            current = new PngTileEncoder(level, PngFilter.NONE);
            png = current;
        }
        return current;
    }
}
