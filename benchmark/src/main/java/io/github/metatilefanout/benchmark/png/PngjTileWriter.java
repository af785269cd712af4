package io.github.metatilefanout.benchmark.png;

import ar.com.hjg.pngj.FilterType;
import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.ImageLineByte;
import ar.com.hjg.pngj.PngWriter;
import java.awt.Rectangle;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.Raster;
import java.io.ByteArrayOutputStream;

/** A tile written with PNGJ (imageio-ext's PNG library) from an ABGR raster's rows, as imageio-ext does. */
final class PngjTileWriter {

    private PngjTileWriter() {}

    static byte[] write(Raster raster, Rectangle tile, int level) {
        ImageInfo info = new ImageInfo(tile.width, tile.height, 8, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 * 1024);
        PngWriter writer = new PngWriter(out, info);
        writer.setCompLevel(level);
        writer.setFilterType(FilterType.FILTER_NONE);
        ComponentSampleModel samples = (ComponentSampleModel) raster.getSampleModel();
        byte[] data = ((DataBufferByte) raster.getDataBuffer()).getData();
        int stride = samples.getScanlineStride();
        int x0 = tile.x - raster.getSampleModelTranslateX();
        int y0 = tile.y - raster.getSampleModelTranslateY();
        ImageLineByte line = new ImageLineByte(info);
        byte[] scanline = line.getScanline();
        for (int y = 0; y < tile.height; y++) {
            int from = (y0 + y) * stride + x0 * 4;
            for (int x = 0, to = 0; x < tile.width; x++, from += 4) {
                scanline[to++] = data[from + 3];
                scanline[to++] = data[from + 2];
                scanline[to++] = data[from + 1];
                scanline[to++] = data[from];
            }
            writer.writeRow(line);
        }
        writer.end();
        return out.toByteArray();
    }
}
