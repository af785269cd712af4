package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.TileEncoder;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.Raster;
import java.awt.image.RenderedImage;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.function.Supplier;
import org.geoserver.gwc.GWC;
import org.geoserver.ows.Dispatcher;
import org.geoserver.wms.RasterCleaner;
import org.geoserver.wms.WMSMapContent;
import org.geoserver.wms.map.RenderedImageMapResponse;
import org.geotools.geometry.jts.ReferencedEnvelope;
import org.geowebcache.grid.BoundingBox;
import org.geowebcache.mime.MimeType;

/**
 * Encodes tiles with GeoServer's own map response for the format (PNG8, JPEG, JPEG-PNG and the others),
 * as GeoServer's tile layer does, but cropping the tile itself (no copy for a buffered metatile image) so
 * that nothing is shared between the threads that encode tiles of one metatile.
 */
final class MapResponseTileEncoder implements TileEncoder {

    private final Supplier<FanoutMetaTile> rendered;
    private final MimeType format;
    private volatile RenderedImageMapResponse response;

    /** @param rendered the metatile whose image the tiles are cut from, once rendered */
    MapResponseTileEncoder(Supplier<FanoutMetaTile> rendered, MimeType format) {
        this.rendered = rendered;
        this.format = format;
    }

    @Override
    public byte[] encode(RenderedImage metatileImage, Rectangle tileBounds) throws IOException {
        try {
            RenderedImage tile = crop(metatileImage, tileBounds);
            ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
            response().formatImageOutputStream(tile, out, tileContext(tileBounds));
            return out.toByteArray();
        } finally {
            if (Dispatcher.REQUEST.get() == null) {
                // no dispatcher callback cleans up after this thread: a pool thread or seeding
                RasterCleaner.cleanup();
            }
        }
    }

    private RenderedImageMapResponse response() {
        RenderedImageMapResponse encoder = response;
        if (encoder == null) {
            encoder = (RenderedImageMapResponse)
                    GWC.get().getResponseEncoder(format, rendered.get().imageMap());
            response = encoder;
        }
        return encoder;
    }

    // the tile context of GeoServerMetaTile#writeTileToStream, GeoServer 3.0.0
    private WMSMapContent tileContext(Rectangle tileBounds) {
        FanoutMetaTile metaTile = rendered.get();
        WMSMapContent metatileContext = metaTile.imageMap().getMapContext();
        WMSMapContent context = new WMSMapContent();
        context.setRequest(metatileContext.getRequest());
        context.setBgColor(metatileContext.getBgColor());
        context.setMapWidth(tileBounds.width);
        context.setMapHeight(tileBounds.height);
        context.setPalette(metatileContext.getPalette());
        BoundingBox bounds = metaTile.gridSubset().boundsFromIndex(metaTile.tileGridPosition(tileBounds));
        ReferencedEnvelope envelope = new ReferencedEnvelope(
                bounds.getMinX(),
                bounds.getMaxX(),
                bounds.getMinY(),
                bounds.getMaxY(),
                metatileContext.getCoordinateReferenceSystem());
        context.getViewport().setBounds(envelope);
        return context;
    }

    private static RenderedImage crop(RenderedImage image, Rectangle bounds) {
        if (image instanceof BufferedImage buffered) {
            return buffered.getSubimage(bounds.x, bounds.y, bounds.width, bounds.height);
        }
        WritableRaster raster = Raster.createWritableRaster(
                image.getSampleModel().createCompatibleSampleModel(bounds.width, bounds.height),
                new Point(bounds.x, bounds.y));
        image.copyData(raster);
        ColorModel colorModel = image.getColorModel();
        return new BufferedImage(
                colorModel, raster.createWritableTranslatedChild(0, 0), colorModel.isAlphaPremultiplied(), null);
    }
}
