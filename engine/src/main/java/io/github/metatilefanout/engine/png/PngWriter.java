package io.github.metatilefanout.engine.png;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes a PNG from pixel rows: signature, IHDR, PLTE and tRNS when needed, IDAT, IEND. Used by one thread
 * at a time and reused from tile to tile ({@link PngTileEncoder} keeps the idle ones): its Deflater and buffers
 * are allocated once and grow to the largest tile seen; the only allocation per tile is the returned array.
 * {@link #end} frees the Deflater's native memory at once, rather than when the writer is collected.
 */
final class PngWriter {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int DEFLATE_SLACK = 8192;
    private static final int BATCH = 64 * 1024;
    /** The IDAT chunks' length of the JDK's PNG writer: it starts a new chunk after this many bytes. */
    private static final int IMAGE_IO_IDAT_LENGTH = 32 * 1024;
    /** The deflate level of the JDK's PNG writer with its default parameters. */
    static final int IMAGE_IO_LEVEL = 4;

    private final Deflater deflater = new Deflater();
    private final CRC32 crc = new CRC32();
    private byte[] out = new byte[64 * 1024];
    private int size;
    private byte[] batch = new byte[0];
    private byte[] previous = new byte[0];
    private byte[] current = new byte[0];
    private final byte[][] candidates = new byte[5][0];
    private long differenceSum;

    /** The PNG of {@code rows} in one IDAT chunk, deflated at {@code level}, every row filtered with {@code filter}. */
    byte[] write(PixelRows rows, int level, PngFilter filter) {
        return write(rows, level, filter, false);
    }

    /**
     * The PNG of {@code rows} in the bytes of the JDK's PNG writer with its default parameters: deflate level
     * {@value #IMAGE_IO_LEVEL}, IDAT chunks of {@value #IMAGE_IO_IDAT_LENGTH} bytes, no row filter but for
     * palette rows, whose filter it chooses row by row ({@link #imageIoChoice}).
     */
    byte[] writeAsImageIo(PixelRows rows) {
        boolean palette = rows.colorType == PixelRows.PALETTE;
        return write(rows, IMAGE_IO_LEVEL, palette ? PngFilter.ADAPTIVE : PngFilter.NONE, true);
    }

    private byte[] write(PixelRows rows, int level, PngFilter filter, boolean imageIo) {
        size = 0;
        append(SIGNATURE, 0, SIGNATURE.length);
        writeHeader(rows);
        byte[] palette = rows.palette();
        if (palette != null) {
            writeChunk("PLTE", palette);
        }
        byte[] transparency = rows.transparency();
        if (transparency != null) {
            writeChunk("tRNS", transparency);
        }
        int idat = beginChunk("IDAT");
        deflater.reset();
        deflater.setLevel(level);
        writeRows(rows, filter, imageIo);
        deflater.finish();
        while (!deflater.finished()) {
            ensureCapacity(DEFLATE_SLACK);
            size += deflater.deflate(out, size, out.length - size);
        }
        if (imageIo) {
            endIdatChunks(idat, IMAGE_IO_IDAT_LENGTH);
        } else {
            endChunk(idat);
        }
        endChunk(beginChunk("IEND"));
        return Arrays.copyOf(out, size);
    }

    /** Ends the Deflater; the writer is not used again. */
    void end() {
        deflater.end();
    }

    private void writeHeader(PixelRows rows) {
        int start = beginChunk("IHDR");
        appendInt(rows.width);
        appendInt(rows.height);
        ensureCapacity(5);
        out[size++] = (byte) rows.bitDepth;
        out[size++] = (byte) rows.colorType;
        out[size++] = 0; // deflate
        out[size++] = 0; // adaptive filtering, the only method
        out[size++] = 0; // not interlaced
        endChunk(start);
    }

    /**
     * Deflates the rows in batches of about {@link #BATCH} bytes, one native call each. Without a filter,
     * rows are read from the raster straight into the batch.
     */
    private void writeRows(PixelRows rows, PngFilter filter, boolean imageIo) {
        int length = rows.rowBytes() + 1;
        if (current.length < length) {
            previous = new byte[length];
            current = new byte[length];
            for (int i = 0; i < candidates.length; i++) {
                candidates[i] = new byte[length];
            }
        }
        if (batch.length < length) {
            batch = new byte[Math.max(BATCH, length)];
        }
        Arrays.fill(previous, 0, length, (byte) 0);
        int distance = rows.filterDistance();
        int batched = 0;
        for (int y = 0; y < rows.height; y++) {
            if (batched + length > batch.length) {
                deflate(batched);
                batched = 0;
            }
            if (filter == PngFilter.NONE) {
                batch[batched] = 0;
                rows.readRow(y, batch, batched + 1);
            } else {
                rows.readRow(y, current, 1);
                byte[] line = imageIo ? imageIoChoice(length, distance) : filtered(filter, length, distance);
                System.arraycopy(line, 0, batch, batched, length);
                byte[] swap = previous;
                previous = current;
                current = swap;
            }
            batched += length;
        }
        deflate(batched);
    }

    private void deflate(int length) {
        deflater.setInput(batch, 0, length);
        while (!deflater.needsInput()) {
            ensureCapacity(DEFLATE_SLACK);
            size += deflater.deflate(out, size, out.length - size);
        }
    }

    /** The current row with its filter byte, filtered as asked. */
    private byte[] filtered(PngFilter filter, int length, int distance) {
        if (filter != PngFilter.ADAPTIVE) {
            return filter(filter.type(), length, distance);
        }
        byte[] best = null;
        long bestSum = Long.MAX_VALUE;
        for (int type = 0; type <= 4; type++) {
            byte[] line = type == 0 ? noneCandidate(length) : filter(type, length, distance);
            long sum = 0;
            for (int i = 1; i < length && sum < bestSum; i++) {
                sum += Math.abs(line[i]);
            }
            if (sum < bestSum) {
                bestSum = sum;
                best = line;
            }
        }
        return best;
    }

    /**
     * The current row filtered as the JDK's PNG writer filters palette rows: with the filter whose differences
     * from the prediction, taken as integers, have the smallest sum of absolute values (for no filter, the sum
     * of the bytes), the lowest filter type on a tie.
     */
    private byte[] imageIoChoice(int length, int distance) {
        byte[] best = noneCandidate(length);
        long bestSum = 0;
        for (int i = 1; i < length; i++) {
            bestSum += current[i] & 0xFF;
        }
        for (int type = 1; type <= 4; type++) {
            byte[] line = filter(type, length, distance);
            if (differenceSum < bestSum) {
                bestSum = differenceSum;
                best = line;
            }
        }
        return best;
    }

    private byte[] noneCandidate(int length) {
        byte[] line = candidates[0];
        System.arraycopy(current, 1, line, 1, length - 1);
        line[0] = 0;
        return line;
    }

    /** Filters the current row with {@code type}; leaves the sum of the differences' absolute values in {@link #differenceSum}. */
    private byte[] filter(int type, int length, int distance) {
        byte[] line = candidates[type];
        line[0] = (byte) type;
        long sum = 0;
        for (int i = 1; i < length; i++) {
            int raw = current[i] & 0xFF;
            int left = i > distance ? current[i - distance] & 0xFF : 0;
            int up = previous[i] & 0xFF;
            int predicted =
                    switch (type) {
                        case 1 -> left;
                        case 2 -> up;
                        case 3 -> (left + up) >>> 1;
                        default -> PngFilter.paeth(left, up, i > distance ? previous[i - distance] & 0xFF : 0);
                    };
            line[i] = (byte) (raw - predicted);
            sum += Math.abs(raw - predicted);
        }
        differenceSum = sum;
        return line;
    }

    private void writeChunk(String type, byte[] data) {
        int start = beginChunk(type);
        append(data, 0, data.length);
        endChunk(start);
    }

    /**
     * Ends the IDAT chunk begun at {@code start}, splitting its data into chunks of {@code length} bytes, the
     * last one shorter.
     */
    private void endIdatChunks(int start, int length) {
        int dataLength = size - start - 8;
        if (dataLength <= length) {
            endChunk(start);
            return;
        }
        byte[] data = Arrays.copyOfRange(out, start + 8, size);
        size = start;
        for (int from = 0; from < dataLength; from += length) {
            int chunk = beginChunk("IDAT");
            append(data, from, Math.min(length, dataLength - from));
            endChunk(chunk);
        }
    }

    /** Reserves the chunk's length and writes its type; returns where the chunk starts. */
    private int beginChunk(String type) {
        int start = size;
        appendInt(0);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        append(name, 0, name.length);
        return start;
    }

    /** Fills in the chunk's length and appends its CRC, over type and data. */
    private void endChunk(int start) {
        int length = size - start - 8;
        out[start] = (byte) (length >>> 24);
        out[start + 1] = (byte) (length >>> 16);
        out[start + 2] = (byte) (length >>> 8);
        out[start + 3] = (byte) length;
        crc.reset();
        crc.update(out, start + 4, length + 4);
        appendInt((int) crc.getValue());
    }

    private void appendInt(int value) {
        ensureCapacity(4);
        out[size++] = (byte) (value >>> 24);
        out[size++] = (byte) (value >>> 16);
        out[size++] = (byte) (value >>> 8);
        out[size++] = (byte) value;
    }

    private void append(byte[] data, int offset, int length) {
        ensureCapacity(length);
        System.arraycopy(data, offset, out, size, length);
        size += length;
    }

    private void ensureCapacity(int more) {
        if (out.length - size < more) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, size + more));
        }
    }
}
