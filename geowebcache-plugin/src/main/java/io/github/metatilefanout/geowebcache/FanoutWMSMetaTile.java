package io.github.metatilefanout.geowebcache;

import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.png.PngReader;
import io.github.metatilefanout.gwc.EngineMetatiles;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.imagen.PlanarImage;
import org.geowebcache.GeoWebCacheException;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.io.ByteArrayResource;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.layer.wms.WMSMetaTile;
import org.geowebcache.mime.MimeType;

/**
 * A WMS layer's metatile for the engine, done by GeoWebCache's own code but where the engine's encoder writes the
 * tiles: its geometry and GetMap, its image read from the WMS answer, each tile cropped and written by GeoWebCache's
 * writer for the format, so that tiles are byte for byte those of GeoWebCache's own path.
 *
 * <p>Several threads may encode tiles of one metatile at once: the tile images GeoWebCache keeps for disposal go to
 * a concurrent queue (its own list is not synchronised), freed with the metatile image by {@link #dispose}.
 */
final class FanoutWMSMetaTile extends WMSMetaTile {

    private final Queue<RenderedImage> tileImages = new ConcurrentLinkedQueue<>();

    /**
     * @param tileIndex the grid position of one of its tiles
     * @param parameters the parameters sent to the WMS with the GetMap
     */
    FanoutWMSMetaTile(
            WMSLayer layer,
            GridSubset gridSubset,
            MimeType format,
            long[] tileIndex,
            int metaX,
            int metaY,
            Map<String, String> parameters) {
        super(layer, gridSubset, format, layer.getFormatModifier(format), tileIndex, metaX, metaY, parameters);
    }

    /** This metatile for the engine; {@code anyTile} gives the layer, grid set, format and parameters. */
    Metatile toMetatile(TileKey anyTile) {
        return EngineMetatiles.describe(this, tiles, gridSubset, anyTile);
    }

    /**
     * Renders the metatile with one GetMap to the layer's WMS, and reads its image: with the engine's {@link PngReader}
     * when {@code engineEncodes} (the engine's encoder writes the tiles, reading that image's raster in place) and the
     * answer is a PNG it reads, else with ImageIO, as GeoWebCache does. Both give the same pixels and colour model.
     * With the engine's reader, a PNG of another size than the GetMap's is refused from its header, before its image
     * is allocated.
     *
     * @throws GeoWebCacheException if the WMS failed or answered something other than an image of the format (or,
     *     with the engine's reader, a PNG of another size)
     */
    MetatileImage render(boolean engineEncodes) throws GeoWebCacheException {
        ByteArrayResource answer = new ByteArrayResource(64 * 1024);
        wmsLayer.getSourceHelper().makeRequest(this, answer);
        if (getError()) {
            throw new GeoWebCacheException("The WMS answered no metatile image: " + getErrorMessage());
        }
        BufferedImage read;
        try {
            read = engineEncodes ? PngReader.read(answer.getContents(), getMetaTileWidth(), getMetaTileHeight()) : null;
        } catch (IOException wrongSize) {
            throw new GeoWebCacheException("The WMS answered no metatile image: " + wrongSize.getMessage());
        }
        if (read != null) {
            setImage(read);
        } else {
            setImageBytes(answer);
        }
        return MetatileImage.of(metaTileImage, this::dispose);
    }

    /** Encodes the tile whose rectangle in the image is {@code tileBounds}, as GeoWebCache does. */
    byte[] encode(Rectangle tileBounds) throws IOException {
        ByteArrayResource tile = new ByteArrayResource(16 * 1024);
        if (!writeTileToStream(EngineMetatiles.tileIndex(tiles, tileBounds, debugString()), tile)) {
            throw new IOException("GeoWebCache wrote no tile at " + tileBounds);
        }
        return tile.getContents();
    }

    @Override
    protected void disposeLater(RenderedImage tile) {
        tileImages.add(tile);
    }

    /** Frees the metatile image, then the tile images made from it, as GeoWebCache does. */
    @Override
    public void dispose() {
        super.dispose();
        for (RenderedImage tile = tileImages.poll(); tile != null; tile = tileImages.poll()) {
            if (tile instanceof BufferedImage image) {
                image.flush();
            } else if (tile instanceof PlanarImage image) {
                disposePlanarImageChain(image, new HashSet<>());
            }
        }
    }
}
