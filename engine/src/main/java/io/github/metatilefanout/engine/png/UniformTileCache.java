package io.github.metatilefanout.engine.png;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Encoded PNGs of tiles whose pixels are all the same (above all fully transparent ones), by size, pixel
 * type, palette, pixel value, level and filter; the least recently used go beyond a fixed number.
 */
final class UniformTileCache {

    private static final int MAX_ENTRIES = 64;

    private final Map<Key, byte[]> encoded = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, byte[]> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    private record Key(
            int width,
            int height,
            int colorType,
            int bitDepth,
            int level,
            PngFilter filter,
            long pixel,
            ByteBuffer palette,
            ByteBuffer transparency) {}

    /**
     * The PNG of the uniform tile {@code rows}, encoded by {@code encoder} the first time; a copy of the same
     * bytes each time.
     */
    byte[] get(PixelRows rows, int level, PngFilter filter, Supplier<byte[]> encoder) {
        Key key = new Key(
                rows.width,
                rows.height,
                rows.colorType,
                rows.bitDepth,
                level,
                filter,
                rows.firstPixel(),
                wrap(rows.palette()),
                wrap(rows.transparency()));
        synchronized (encoded) {
            byte[] png = encoded.get(key);
            if (png != null) {
                return png.clone();
            }
        }
        byte[] png = encoder.get();
        synchronized (encoded) {
            encoded.putIfAbsent(key, png.clone());
        }
        return png;
    }

    private static ByteBuffer wrap(byte[] data) {
        return data == null ? null : ByteBuffer.wrap(data);
    }
}
